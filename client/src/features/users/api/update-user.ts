import { adminUserSchema, type AdminUser, type UpdateUserInput } from '@common/schemas/users';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshUserLists } from './refresh-user-lists';

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

export const updateUserMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateUser,
    onSuccess: (user) => refreshUserLists(queryClient, { changed: user }),
  });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation(updateUserMutationOptions(queryClient));
}
