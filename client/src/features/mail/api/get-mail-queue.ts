import { mailQueueResponseSchema, type MailQueueResponse } from '@common/schemas/mail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** GET /api/mail/queue (ADMIN): the newest messages of the mail queue, failed ones first. */
export function getMailQueue(): Promise<MailQueueResponse> {
  return api.get('/api/mail/queue', mailQueueResponseSchema);
}

export const mailQueueQueryKey = [...queryRoots.outbox, 'queue'] as const;

export const mailQueueQueryOptions = () =>
  queryOptions({
    queryKey: mailQueueQueryKey,
    queryFn: getMailQueue,
    // Messages change state on their own as the server sends them: read again on focus.
    refetchOnWindowFocus: true,
  });

export function useMailQueue() {
  return useQuery(mailQueueQueryOptions());
}
