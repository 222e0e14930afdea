import { currentUserSchema, type CurrentUser, type LoginInput } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedInUser } from '@/lib/api/get-current-user';

/** POST /api/auth/login-username: starts a cookie session and answers the user. */
export function loginWithUsername(input: LoginInput): Promise<CurrentUser> {
  return api.post('/api/auth/login-username', currentUserSchema, input);
}

/**
 * Signs in and seeds the current-user cache, so the next page knows who is there at once.
 * `again`: the page still holds the person whose session ended under it (the report form asks
 * for the password to save what was typed), so a wrong password must not sign the page out.
 */
export function useLoginWithUsername({ again = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithUsername,
    meta: { handlesUnauthorized: again },
    onSuccess: (user) => setSignedInUser(queryClient, user),
  });
}
