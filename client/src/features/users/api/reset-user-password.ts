import { passwordResetSchema, type PasswordReset } from '@common/schemas/users';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshUserLists } from './refresh-user-lists';

/** PUT /api/users/{id}/password (ADMIN): a new temporary password, shown only once. */
export function resetUserPassword(id: string): Promise<PasswordReset> {
  return api.put(`/api/users/${encodeURIComponent(id)}/password`, passwordResetSchema, {});
}

export const resetUserPasswordMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: resetUserPassword,
    // The user now has to change it at their next sign-in; the new password goes out by e-mail.
    onSuccess: () => refreshUserLists(queryClient, { mailed: true }),
  });

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation(resetUserPasswordMutationOptions(queryClient));
}
