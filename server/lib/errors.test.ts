import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import type { AppError } from './errors';
import { validatorCompiler } from './errors';

const validate = (schema: z.ZodMiniType, input: unknown) =>
  validatorCompiler({ schema, method: 'POST', url: '/api/x', httpPart: 'body' })(input) as {
    value?: unknown;
    error?: AppError;
  };

describe('the validator of declared input', () => {
  const schema = z.object({
    name: z.string({ error: 'El nombre es obligatorio.' }),
    note: z.optional(z.string().check(z.maxLength(3))),
  });

  it("answers a check's own Spanish message", () => {
    expect(validate(schema, {}).error?.message).toBe('El nombre es obligatorio.');
  });

  it('answers the generic Spanish message where a check names none, never zod’s English', () => {
    expect(validate(schema, { name: 'Ana', note: 'larguísimo' }).error?.message).toBe(
      MSG.invalidInput,
    );
    expect(validate(schema, { name: 'Ana', note: 5 }).error?.message).toBe(MSG.invalidInput);
  });

  it('reads a missing body as {}, and refuses a null one', () => {
    const optional = z.object({ ids: z.optional(z.array(z.string())) });
    expect(validate(optional, undefined).value).toEqual({});
    const refused = validate(optional, null).error;
    expect(refused?.statusCode).toBe(400);
    expect(refused?.message).toBe(MSG.invalidInput);
  });
});
