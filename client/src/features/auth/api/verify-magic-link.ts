import { userSchema, type User } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedInUser } from '@/lib/api/get-current-user';

/** POST /api/auth/verify-magic-link: spends the link's token and starts a cookie session. */
export function verifyMagicLink(token: string): Promise<User> {
  return api.post('/api/auth/verify-magic-link', userSchema, { token });
}

export function useVerifyMagicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyMagicLink,
    onSuccess: (user) => setSignedInUser(queryClient, user),
  });
}
