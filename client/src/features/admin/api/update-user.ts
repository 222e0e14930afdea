import { adminUserSchema, type AdminUser, type UpdateUserInput } from '@common/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshUserLists } from './invalidate-users';

/** PATCH /api/users/{id} (ADMIN): any of the create-user fields. */
export function updateUser({
  id,
  input,
}: {
  id: string;
  input: UpdateUserInput;
}): Promise<AdminUser> {
  return api.patch(`/api/users/${encodeURIComponent(id)}`, adminUserSchema, input);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => refreshUserLists(queryClient, user),
  });
}
