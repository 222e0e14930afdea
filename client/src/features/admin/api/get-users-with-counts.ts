import { userWithCountSchema, type UserWithCount } from '@common/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

const usersWithCountsSchema = userWithCountSchema.array();

/** GET /api/users/with-counts (ADMIN): every user with the number of APPAs they have sent. */
export function getUsersWithCounts(): Promise<UserWithCount[]> {
  return api.get('/api/users/with-counts', usersWithCountsSchema);
}

export const usersWithCountsQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.withCounts(),
    queryFn: getUsersWithCounts,
    // The panel opts in to refetching on focus (docs/decisions.md §12): several admins may edit.
    refetchOnWindowFocus: true,
  });

export function useUsersWithCounts() {
  return useQuery(usersWithCountsQueryOptions());
}
