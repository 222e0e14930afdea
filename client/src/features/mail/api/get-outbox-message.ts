import { outboxMessageSchema, type OutboxMessage } from '@common/schemas/mail';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** GET /api/mail/outbox/{id} (ADMIN): one e-mail with its whole text. */
export function getOutboxMessage(id: string): Promise<OutboxMessage> {
  return api.get(`/api/mail/outbox/${encodeURIComponent(id)}`, outboxMessageSchema);
}

export const outboxMessageQueryKey = (id: string) => [...queryRoots.outbox, 'message', id] as const;

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: outboxMessageQueryKey(id ?? ''),
    queryFn: () => getOutboxMessage(id ?? ''),
    enabled: id !== null,
    // A written e-mail never changes.
    staleTime: Infinity,
  });
}
