import { safeParse } from 'zod/mini';
import type { FastifySchemaCompiler } from 'fastify';
import type { $ZodError, $ZodType } from 'zod/v4/core';
import { MSG } from '../../common/messages';

/** An error whose message is safe to show the user; the error handler answers it as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string = MSG.notSignedIn) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.routeNotFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/**
 * Fastify's validator for the zod schemas of `common/` that routes declare (params, querystring,
 * body): a refusal is a 400 with the schema's first Spanish message, which the error handler sends
 * as it is; a check that names no message of its own gives the generic Spanish one, never zod's
 * English. A missing body reads as `{}`, so that it is refused with its first field's message; a
 * body that is JSON `null` is no object, and is refused even where `{}` means "all".
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (input) => {
    const result = safeParse(schema, input === undefined ? {} : input, {
      error: () => MSG.invalidInput,
    });
    return result.success ? { value: result.data } : { error: invalidInput(result.error) };
  };

function invalidInput(error: $ZodError): AppError {
  const issue = error.issues[0];
  // A body that is not even an object (an array, a string) has no field to name: zod's English
  // default would leak, so it gets the generic Spanish message.
  if (!issue || (issue.path.length === 0 && issue.code === 'invalid_type')) {
    return badRequest(MSG.invalidInput);
  }
  return badRequest(issue.message);
}
