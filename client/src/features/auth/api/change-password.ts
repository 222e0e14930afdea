import {
  changePasswordResponseSchema,
  type ChangePasswordInput,
  type ChangePasswordResponse,
} from '@common/schemas/auth';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/api/get-current-user';
import { invalidateAuditLog } from '@/lib/query-roots';

/** POST /api/auth/change-password: answers a message and the updated user. */
export function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  return api.post('/api/auth/change-password', changePasswordResponseSchema, input);
}

export const changePasswordMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: changePassword,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      // The change is written to the audit log.
      return invalidateAuditLog(queryClient);
    },
  });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation(changePasswordMutationOptions(queryClient));
}
