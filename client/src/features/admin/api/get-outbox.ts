import {
  outboxMessageSchema,
  outboxResponseSchema,
  type OutboxMessage,
  type OutboxResponse,
} from '@common/schemas/mail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outboxKeys } from '@/lib/query-keys';

/** GET /api/mail/outbox (ADMIN): the newest e-mails written to the outbox folder. */
export function getOutbox(): Promise<OutboxResponse> {
  return api.get('/api/mail/outbox', outboxResponseSchema);
}

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: outboxKeys.list(),
    queryFn: getOutbox,
    // New users and reminders add mail while the panel is open.
    refetchOnWindowFocus: true,
  });

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}

/** GET /api/mail/outbox/{id} (ADMIN): one e-mail with its whole text. */
export function getOutboxMessage(id: string): Promise<OutboxMessage> {
  return api.get(`/api/mail/outbox/${encodeURIComponent(id)}`, outboxMessageSchema);
}

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: outboxKeys.message(id ?? ''),
    queryFn: () => getOutboxMessage(id ?? ''),
    enabled: id !== null,
    // A written e-mail never changes.
    staleTime: Infinity,
  });
}
