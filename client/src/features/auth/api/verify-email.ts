import { currentUserSchema, type CurrentUser } from '@common/schemas/auth';
import type { VerifyEmailInput } from '@common/schemas/registration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedInUser } from '@/lib/api/get-current-user';

/** POST /api/auth/verify-email: confirms the address with the link and password; signs in. */
export function verifyEmail(input: VerifyEmailInput): Promise<CurrentUser> {
  return api.post('/api/auth/verify-email', currentUserSchema, input);
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (user) => setSignedInUser(queryClient, user),
  });
}
