import { messageResponseSchema } from '@common/schemas/auth';
import type { RegisterInput } from '@common/schemas/registration';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/register: the same message whether or not the address has an account. Nobody is
 * signed in and nothing this browser keeps changes: the account waits for its e-mailed link.
 */
export function register(input: RegisterInput) {
  return api.post('/api/register', messageResponseSchema, input);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
