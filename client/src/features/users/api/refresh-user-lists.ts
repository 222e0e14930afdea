import type { User } from '@common/schemas/auth';
import type { UserWithCount } from '@common/schemas/users';
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
  { changed, mailed = false }: { changed?: User; mailed?: boolean } = {},
) {
  if (changed) {
    queryClient.setQueryData<UserWithCount[]>(usersWithCountsQueryKey, (users) =>
      users?.map((u) =>
        u.id === changed.id ? { ...changed, submissionCount: u.submissionCount } : u,
      ),
    );
    queryClient.setQueryData<User | null>(currentUserQueryKey, (current) =>
      current?.id === changed.id ? changed : current,
    );
  }
  await Promise.all([
    invalidatePeopleViews(queryClient),
    invalidateAuditLog(queryClient),
    mailed ? invalidateOutbox(queryClient) : undefined,
  ]);
}
