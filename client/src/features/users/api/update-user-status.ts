import type { UserStatus } from '@common/roles';
import { adminUserSchema } from '@common/schemas/users';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { refreshUserLists } from './refresh-user-lists';

const statusResponseSchema = z.object({ message: z.string(), user: adminUserSchema });
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** PUT /api/users/{id}/status (ADMIN): answers 'Usuario activado' or 'Usuario suspendido'. */
export function updateUserStatus({
  id,
  status,
}: {
  id: string;
  status: UserStatus;
}): Promise<StatusResponse> {
  return api.put(`/api/users/${encodeURIComponent(id)}/status`, statusResponseSchema, { status });
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
