import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
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

/** Validates untrusted input with a common schema; a failure is a 400 with the first message. */
export function parse<T>(schema: $ZodType<T>, input: unknown): T {
  const result = safeParse(schema, input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // A body that is not even an object (an array, a string) has no field to name: zod's English
  // default would leak, so it gets the generic Spanish message.
  if (!issue || (issue.path.length === 0 && issue.code === 'invalid_type')) {
    throw badRequest(MSG.invalidInput);
  }
  throw badRequest(issue.message);
}
