import { messageResponseSchema } from '@common/schemas/auth';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAuditLog } from '@/lib/query-roots';
import { usersWithCountsQueryKey } from './get-users-with-counts';

/** DELETE /api/users/{id}/sign-in-throttle (ADMIN): failed sign-ins no longer hold them back. */
export function unblockSignIn(id: string): Promise<{ message: string }> {
  return api.delete(`/api/users/${encodeURIComponent(id)}/sign-in-throttle`, messageResponseSchema);
}

export const unblockSignInMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: unblockSignIn,
    // Only the users table shows who is held back; the audit log has the row.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersWithCountsQueryKey }),
        invalidateAuditLog(queryClient),
      ]),
  });

export function useUnblockSignIn() {
  const queryClient = useQueryClient();
  return useMutation(unblockSignInMutationOptions(queryClient));
}
