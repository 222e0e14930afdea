import { userWithCountSchema, type UserWithCount } from '@common/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

const usersWithCountsSchema = userWithCountSchema.array();

/** GET /api/users/with-counts (ADMIN): every user with the number of APPAs they have sent. */
export function getUsersWithCounts(): Promise<UserWithCount[]> {
  return api.get('/api/users/with-counts', usersWithCountsSchema);
}

/** The users table, the recipients of a reminder and the control pages' count read this list. */
export const usersWithCountsQueryKey = [...queryRoots.users, 'list', 'with-counts'] as const;

export const usersWithCountsQueryOptions = () =>
  queryOptions({
    queryKey: usersWithCountsQueryKey,
    queryFn: getUsersWithCounts,
    // Several administrators may edit users at once: the list is read again on focus.
    refetchOnWindowFocus: true,
  });

export function useUsersWithCounts() {
  return useQuery(usersWithCountsQueryOptions());
}

/** How many accounts there are (the control pages), loaded only for an administrator. */
export function useUserCount(enabled: boolean) {
  return useQuery({ ...usersWithCountsQueryOptions(), enabled, select: (users) => users.length });
}
