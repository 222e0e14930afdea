import { currentUserSchema, type CurrentUser, type LoginInput } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedInUser } from '@/lib/api/get-current-user';

/** POST /api/auth/login-username: starts a cookie session and answers the user. */
export function loginWithUsername(input: LoginInput): Promise<CurrentUser> {
  return api.post('/api/auth/login-username', currentUserSchema, input);
}

/** Signs in and seeds the current-user cache, so the next page knows who is there at once. */
export function useLoginWithUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithUsername,
    onSuccess: (user) => setSignedInUser(queryClient, user),
  });
}
