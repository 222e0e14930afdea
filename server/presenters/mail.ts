import type { MailQueueEntry } from '../../common/schemas/mail';
import type { mailQueue } from '../db/schema';

type MailRow = typeof mailQueue.$inferSelect;

/** What the panel shows of a queued message: never its body, which may carry a secret. */
export function presentMailEntry(
  row: Pick<
    MailRow,
    | 'id'
    | 'to'
    | 'subject'
    | 'kind'
    | 'status'
    | 'attempts'
    | 'lastError'
    | 'createdAt'
    | 'sentAt'
    | 'nextAttemptAt'
  >,
): MailQueueEntry {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}
