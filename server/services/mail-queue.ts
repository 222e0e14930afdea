import { and, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { mailQueue } from '../db/schema';
import { jobsPause } from './jobs-pause';
import type { MailMessage } from './mail';

/** Tries before a message is given up (FAILED): about a day of waits doubling from a minute. */
export const MAIL_MAX_ATTEMPTS = 10;
/** How long an instance holds a message it is sending before another may take it over. */
const LEASE_MS = 2 * 60_000;
/** Messages one pass sends, so one pass never holds an instance for long. */
const BATCH = 50;

type Db = Database['db'];

/**
 * Puts messages in the queue; the caller's statement (or transaction) is their only record until
 * `deliverMail` sends them, so an e-mail is never lost to a failed SMTP server or a restart.
 */
export async function enqueueMail(db: Db, messages: readonly MailMessage[], now: Date) {
  if (messages.length === 0) return;
  await db.insert(mailQueue).values(
    messages.map((m) => ({
      to: m.to,
      from: m.from ?? null,
      subject: m.subject,
      text: m.text,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}

/** The wait before try number `attempts + 1`: one minute, doubling, at most six hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/**
 * Sends the messages that are due, each through one instance only: a message is leased (its
 * `lockedUntil` moved ahead) by the statement that picks it, skipping rows another instance is
 * picking at the same moment. A sent message is marked SENT; a failure waits `retryDelayMs` and
 * is tried again until MAIL_MAX_ATTEMPTS, then stays FAILED with its last error. Answers how many
 * went out. Sends nothing while scheduled jobs are paused: a restored queue holds old mail.
 */
export async function deliverMail(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'clock'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  if (await jobsPause(ctx.db)) return 0;
  let sent = 0;
  for (;;) {
    const now = ctx.clock();
    const due = ctx.db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          eq(mailQueue.status, 'PENDING'),
          lte(mailQueue.nextAttemptAt, now),
          or(isNull(mailQueue.lockedUntil), lte(mailQueue.lockedUntil, now)),
        ),
      )
      .orderBy(mailQueue.nextAttemptAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const leased = await ctx.db
      .update(mailQueue)
      .set({
        lockedUntil: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${mailQueue.attempts} + 1`,
      })
      .where(inArray(mailQueue.id, due))
      .returning();
    if (leased.length === 0) return sent;
    for (const message of leased) {
      try {
        await ctx.mailer.send({
          to: message.to,
          from: message.from ?? undefined,
          subject: message.subject,
          text: message.text,
        });
        await ctx.db
          .update(mailQueue)
          .set({ status: 'SENT', sentAt: ctx.clock(), lockedUntil: null, lastError: null })
          .where(eq(mailQueue.id, message.id));
        sent += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const failed = message.attempts >= MAIL_MAX_ATTEMPTS;
        log.warn(
          { mailId: message.id, attempts: message.attempts, err: reason },
          failed ? 'e-mail given up' : 'e-mail not sent; will retry',
        );
        await ctx.db
          .update(mailQueue)
          .set({
            status: failed ? 'FAILED' : 'PENDING',
            lockedUntil: null,
            lastError: reason.slice(0, 500),
            nextAttemptAt: new Date(ctx.clock().getTime() + retryDelayMs(message.attempts)),
          })
          .where(eq(mailQueue.id, message.id));
      }
    }
    if (leased.length < BATCH) return sent;
  }
}
