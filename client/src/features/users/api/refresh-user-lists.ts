import type { CurrentUser } from '@common/schemas/auth';
import type { AdminUser, UserWithCount } from '@common/schemas/users';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/lib/api/get-current-user';
import { invalidateAuditLog, invalidateOutbox, invalidatePeopleViews } from '@/lib/query-roots';
import { usersWithCountsQueryKey } from './get-users-with-counts';

/**
 * After a change to people: puts the user the server answered into the table at once (so a
 * dropdown does not jump back while the list reloads) and into the signed-in user when it is
 * them, then refetches everything that lists or counts people, and the audit log that recorded
 * the change. `mailed` when the change e-mailed credentials, which the outbox shows.
 */
export async function refreshUserLists(
  queryClient: QueryClient,
  { changed, mailed = false }: { changed?: AdminUser; mailed?: boolean } = {},
) {
  if (changed) {
    queryClient.setQueryData<UserWithCount[]>(usersWithCountsQueryKey, (users) =>
      users?.map((u) =>
        u.id === changed.id ? { ...changed, submissionCount: u.submissionCount } : u,
      ),
    );
    // The signed-in user keeps the screens they may open; a change of their own role refetches them.
    queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (current) => {
      if (current?.id !== changed.id) return current;
      const { abilities: _, ...fields } = changed;
      return { ...current, ...fields };
    });
    if (queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey)?.id === changed.id) {
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    }
  }
  await Promise.all([
    invalidatePeopleViews(queryClient),
    invalidateAuditLog(queryClient),
    mailed ? invalidateOutbox(queryClient) : undefined,
  ]);
}
