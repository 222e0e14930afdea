import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailQueueEntry, MailQueueResponse } from '../../common/schemas/mail';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { mailQueue } from '../db/schema';
import { afterReply } from '../lib/after-reply';
import { drainQueue, retryLater, type LeasedQueue } from '../lib/leased-queue';
import { jobsPause } from './jobs-pause';
import { presentMailEntry } from '../presenters/mail';
import type { Email } from './mail-templates';

/** Tries before a message is given up (FAILED): about a day of waits doubling from a minute. */
export const MAIL_MAX_ATTEMPTS = 10;

type Db = Database['db'];

/** A rendered message and whom it goes to; `from` is the saved sender, MAIL_FROM when absent. */
export type QueuedMail = Email & { to: string; from?: string | undefined };

/**
 * Puts messages in the queue; the caller's statement (or transaction) is their only record until
 * `deliverMail` sends them, so an e-mail is never lost to a failed SMTP server or a restart, and
 * the request that asked for it never waits for the mail server.
 */
export async function enqueueMail(db: Db, messages: readonly QueuedMail[], now: Date) {
  if (messages.length === 0) return;
  await db.insert(mailQueue).values(
    messages.map((m) => ({
      to: m.to,
      from: m.from ?? null,
      subject: m.subject,
      kind: m.kind,
      sensitive: m.sensitive,
      text: m.text,
      html: m.html,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}

/**
 * Sends what is due right after the current request (or job) is done, on this instance, so a
 * sign-in link arrives within seconds instead of at the next scheduled pass.
 */
export function kickMail(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'clock'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): void {
  afterReply(log, 'deliver-mail', async () => {
    await deliverMail(ctx, log);
  });
}

/**
 * A failure's text as it may be kept and shown: the user and password of any address in it (an
 * SMTP URL echoed by a library) removed.
 */
export function safeMailError(reason: string): string {
  return reason.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1').slice(0, 500);
}

/**
 * An SMTP answer in the 5xx range (an unknown mailbox, a refused sender) says the same on every
 * try (RFC 5321): such a message is given up at once, for an administrator to see.
 */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The wait before try number `attempts + 1`: one minute, doubling, at most six hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/** The outbox of e-mail: a message is held two minutes by the instance sending it. */
const MAIL_QUEUE: LeasedQueue<typeof mailQueue> = {
  table: mailQueue,
  batch: 50,
  leaseMs: 2 * 60_000,
  maxAttempts: MAIL_MAX_ATTEMPTS,
  retryDelayMs,
};

/**
 * Sends the messages that are due, each through one instance only (`drainQueue`). A sent message
 * is marked SENT (a sensitive one loses its body); a failure waits `retryDelayMs` and is tried
 * again until MAIL_MAX_ATTEMPTS, then stays FAILED with its last error, as does a permanent
 * refusal at once. Answers how many went out. Sends nothing
 * while scheduled jobs are paused: a restored queue holds old mail.
 */
export async function deliverMail(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'clock'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  if (await jobsPause(ctx.db)) return 0;
  return drainQueue(ctx.db, ctx.clock, MAIL_QUEUE, async (leased) => {
    let sent = 0;
    for (const message of leased) {
      try {
        await ctx.mailer.send({
          to: message.to,
          from: message.from ?? undefined,
          subject: message.subject,
          text: message.text ?? '',
          html: message.html ?? undefined,
        });
        await ctx.db
          .update(mailQueue)
          .set({
            status: 'SENT',
            sentAt: ctx.clock(),
            lockedUntil: null,
            lastError: null,
            // A secret kept after it was delivered could only ever leak.
            ...(message.sensitive ? { text: null, html: null } : {}),
          })
          .where(eq(mailQueue.id, message.id));
        sent += 1;
      } catch (error) {
        const reason = safeMailError(error instanceof Error ? error.message : String(error));
        const next = retryLater(MAIL_QUEUE, message.attempts, ctx.clock(), isPermanent(error));
        log.warn(
          { mailId: message.id, attempts: message.attempts, err: reason },
          next.status === 'FAILED' ? 'e-mail given up' : 'e-mail not sent; will retry',
        );
        await ctx.db
          .update(mailQueue)
          .set({ ...next, lastError: reason })
          .where(eq(mailQueue.id, message.id));
      }
    }
    return sent;
  });
}

/** The columns the panel may see of a message: never its body. */
const entryColumns = {
  id: mailQueue.id,
  to: mailQueue.to,
  subject: mailQueue.subject,
  kind: mailQueue.kind,
  status: mailQueue.status,
  attempts: mailQueue.attempts,
  lastError: mailQueue.lastError,
  createdAt: mailQueue.createdAt,
  sentAt: mailQueue.sentAt,
  nextAttemptAt: mailQueue.nextAttemptAt,
};

/** The newest `limit` messages, failed ones first, and how many wait or failed in all. */
export async function listMailQueue(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  limit: number,
): Promise<MailQueueResponse> {
  const [rows, counts] = await Promise.all([
    ctx.db
      .select(entryColumns)
      .from(mailQueue)
      .orderBy(sql`${mailQueue.status} = 'FAILED' desc`, desc(mailQueue.createdAt), mailQueue.id)
      .limit(limit),
    ctx.db
      .select({ status: mailQueue.status, n: sql<number>`count(*)::int` })
      .from(mailQueue)
      .where(inArray(mailQueue.status, ['PENDING', 'FAILED']))
      .groupBy(mailQueue.status),
  ]);
  const count = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
  return {
    transport: ctx.mailer.kind,
    counts: { pending: count('PENDING'), failed: count('FAILED') },
    messages: rows.map(presentMailEntry),
  };
}

/**
 * "Reintentar": a FAILED message goes back to PENDING with its tries counted from zero, due now.
 * Answers null when there is no such message, and 'not-failed' when it is not FAILED (it is
 * waiting or was sent), so a second click never sends twice.
 */
export async function retryMail(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  id: string,
): Promise<MailQueueEntry | 'not-failed' | null> {
  const [row] = await ctx.db
    .update(mailQueue)
    .set({ status: 'PENDING', attempts: 0, nextAttemptAt: ctx.clock(), lockedUntil: null })
    .where(and(eq(mailQueue.id, id), eq(mailQueue.status, 'FAILED')))
    .returning(entryColumns);
  if (row) return presentMailEntry(row);
  const [exists] = await ctx.db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(eq(mailQueue.id, id))
    .limit(1);
  return exists ? 'not-failed' : null;
}
