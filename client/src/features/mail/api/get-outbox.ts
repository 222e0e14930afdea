import { outboxResponseSchema, type OutboxResponse } from '@common/schemas/mail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** GET /api/mail/outbox (ADMIN): the newest e-mails written to the outbox folder. */
export function getOutbox(): Promise<OutboxResponse> {
  return api.get('/api/mail/outbox', outboxResponseSchema);
}

export const outboxQueryKey = [...queryRoots.outbox, 'list'] as const;

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: outboxQueryKey,
    queryFn: getOutbox,
    // Other administrators and the automatic reminders write mail too: read again on focus.
    refetchOnWindowFocus: true,
  });

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
