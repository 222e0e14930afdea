import { messageResponseSchema } from '@common/schemas/auth';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshUserLists } from './refresh-user-lists';

/** DELETE /api/users/{id}/sign-in-throttle (ADMIN): failed sign-ins no longer hold them back. */
export function unblockSignIn(id: string): Promise<{ message: string }> {
  return api.delete(`/api/users/${encodeURIComponent(id)}/sign-in-throttle`, messageResponseSchema);
}

export const unblockSignInMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: unblockSignIn,
    // The table stops offering the action; the audit log has the row.
    onSuccess: () => refreshUserLists(queryClient),
  });

export function useUnblockSignIn() {
  const queryClient = useQueryClient();
  return useMutation(unblockSignInMutationOptions(queryClient));
}
