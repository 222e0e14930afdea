import type { UserStatus } from '@common/roles';
import { adminUserSchema } from '@common/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { refreshUserLists } from './invalidate-users';

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

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    onSuccess: ({ user }) => refreshUserLists(queryClient, user),
  });
}
