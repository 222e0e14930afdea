import { currentUserSchema, type CurrentUser } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedInUser } from '@/lib/api/get-current-user';

/** POST /api/auth/verify-magic-link: spends the link's token and starts a cookie session. */
export function verifyMagicLink(token: string): Promise<CurrentUser> {
  return api.post('/api/auth/verify-magic-link', currentUserSchema, { token });
}

export function useVerifyMagicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyMagicLink,
    onSuccess: (user) => setSignedInUser(queryClient, user),
  });
}
