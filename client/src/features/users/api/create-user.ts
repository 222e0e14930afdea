import { createdUserSchema, type CreatedUser, type CreateUserInput } from '@common/schemas/users';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshUserLists } from './refresh-user-lists';

/** POST /api/users (ADMIN): answers the user and their temporary password, shown only once. */
export function createUser(input: CreateUserInput): Promise<CreatedUser> {
  return api.post('/api/users', createdUserSchema, input);
}

export const createUserMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: createUser,
    // The new user's credentials go out by e-mail.
    onSuccess: () => refreshUserLists(queryClient, { mailed: true }),
  });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation(createUserMutationOptions(queryClient));
}
