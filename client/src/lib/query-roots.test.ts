import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  invalidateAuditLog,
  invalidateOutbox,
  invalidatePeopleViews,
  invalidateReportViews,
  queryRoots,
} from './query-roots';

/** A client holding one answered query under every root. */
function clientWithEveryRoot() {
  const queryClient = new QueryClient();
  for (const root of Object.values(queryRoots)) {
    queryClient.setQueryData([...root, 'something'], 'answer');
  }
  return queryClient;
}

/** The roots whose query the client now holds as stale-by-invalidation. */
function invalidatedRoots(queryClient: QueryClient) {
  return Object.entries(queryRoots)
    .filter(
      ([, root]) => queryClient.getQueryState([...root, 'something'] as QueryKey)?.isInvalidated,
    )
    .map(([name]) => name)
    .sort();
}

describe('the invalidation helpers', () => {
  it('a change to a report reaches the week, the reviews, the dashboards and Mis reportes', async () => {
    const queryClient = clientWithEveryRoot();
    await invalidateReportViews(queryClient);
    expect(invalidatedRoots(queryClient)).toEqual(['dashboard', 'mine', 'reviews', 'week']);
  });

  it('a change to a person also reaches the users lists and the peers to share with', async () => {
    const queryClient = clientWithEveryRoot();
    await invalidatePeopleViews(queryClient);
    expect(invalidatedRoots(queryClient)).toEqual([
      'dashboard',
      'mine',
      'reviews',
      'shares',
      'users',
      'week',
    ]);
  });

  it('the audit log and the outbox are reached on their own', async () => {
    const audit = clientWithEveryRoot();
    await invalidateAuditLog(audit);
    expect(invalidatedRoots(audit)).toEqual(['audit']);

    const outbox = clientWithEveryRoot();
    await invalidateOutbox(outbox);
    expect(invalidatedRoots(outbox)).toEqual(['outbox']);
  });

  it('never reaches who is signed in: a failed refetch would take the app to its error screen', async () => {
    const queryClient = clientWithEveryRoot();
    await Promise.all([
      invalidateReportViews(queryClient),
      invalidatePeopleViews(queryClient),
      invalidateAuditLog(queryClient),
      invalidateOutbox(queryClient),
    ]);
    expect(invalidatedRoots(queryClient)).not.toContain('session');
  });

  it('gives every resource its own root', () => {
    const roots = Object.values(queryRoots).map((root) => root.join('/'));
    expect(new Set(roots).size).toBe(roots.length);
  });
});
