import { currentUserSchema, type CurrentUser } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedInUser } from '@/lib/api/get-current-user';

/**
 * POST /api/demo/login: a session as the demo administrator, in demo mode only (the server refuses
 * elsewhere). No credential travels: the server decides who the demo administrator is.
 */
export function demoLogin(): Promise<CurrentUser> {
  return api.post('/api/demo/login', currentUserSchema, {});
}

/** Signs in as the demo administrator and seeds the current-user cache. */
export function useDemoLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: demoLogin,
    onSuccess: (user) => setSignedInUser(queryClient, user),
  });
}
