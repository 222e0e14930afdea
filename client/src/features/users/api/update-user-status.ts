import type { SettableUserStatus } from '@common/roles';
import { userStatusResponseSchema, type UserStatusResponse } from '@common/schemas/users';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshUserLists } from './refresh-user-lists';

/** PUT /api/users/{id}/status (ADMIN): answers 'Usuario activado' or 'Usuario suspendido'. */
export function updateUserStatus({
  id,
  status,
}: {
  id: string;
  status: SettableUserStatus;
}): Promise<UserStatusResponse> {
  return api.put(`/api/users/${encodeURIComponent(id)}/status`, userStatusResponseSchema, {
    status,
  });
}

export const updateUserStatusMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateUserStatus,
    onSuccess: ({ user }) => refreshUserLists(queryClient, { changed: user }),
  });

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation(updateUserStatusMutationOptions(queryClient));
}
