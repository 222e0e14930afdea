import type { AdminUser, UserWithCount } from '@common/schemas/users';
import type { QueryClient } from '@tanstack/react-query';
import { userKeys } from '@/lib/query-keys';

/**
 * After a change: puts the user the server answered into the table at once (so a dropdown does
 * not jump back while the list reloads), then refetches every user list.
 */
export async function refreshUserLists(queryClient: QueryClient, changed?: AdminUser) {
  if (changed) {
    queryClient.setQueryData<UserWithCount[]>(userKeys.withCounts(), (users) =>
      users?.map((u) =>
        u.id === changed.id ? { ...changed, submissionCount: u.submissionCount } : u,
      ),
    );
  }
  await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
}
