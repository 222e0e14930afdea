import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** A table that holds a durable queue: rows tried until SENT, or given up as FAILED. */
export type QueueTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lockedUntil: PgColumn;
};

/** What sets one durable queue apart from another. */
export interface LeasedQueue<T extends QueueTable> {
  table: T;
  /** Rows one pass takes, so that one pass never holds an instance for long. */
  batch: number;
  /** How long an instance holds what it took before another may take it over. */
  leaseMs: number;
  /** Tries before a row is given up (FAILED). */
  maxAttempts: number;
  /** The wait before try number `attempts + 1`. */
  retryDelayMs(attempts: number): number;
}

/** Not being tried now: never leased, or its lease is over. */
export function notLeased<T extends QueueTable>(queue: LeasedQueue<T>, now: Date) {
  return or(isNull(queue.table.lockedUntil), lte(queue.table.lockedUntil, now));
}

/**
 * Tries what is due, batch after batch, each row through one instance only: a row is leased (its
 * `lockedUntil` moved ahead, its try counted) by the statement that picks it, skipping rows
 * another instance is picking at the same moment. `tryBatch` tries the rows this pass leased and
 * records each outcome (SENT, or `retryLater`); it answers how many went out, and so does this.
 */
export async function drainQueue<T extends QueueTable>(
  db: Db,
  clock: () => Date,
  queue: LeasedQueue<T>,
  tryBatch: (leased: T['$inferSelect'][]) => Promise<number>,
): Promise<number> {
  const { table } = queue;
  let sent = 0;
  for (;;) {
    const now = clock();
    const due = db
      .select({ id: table.id })
      // Drizzle cannot tell that a table it knows only by its columns is a plain table.
      .from(table as PgTable)
      .where(and(eq(table.status, 'PENDING'), lte(table.nextAttemptAt, now), notLeased(queue, now)))
      .orderBy(table.nextAttemptAt)
      .limit(queue.batch)
      .for('update', { skipLocked: true });
    const lease = {
      lockedUntil: new Date(now.getTime() + queue.leaseMs),
      attempts: sql`${table.attempts} + 1`,
    } as PgUpdateSetSource<T>;
    const leased = (await db
      .update(table)
      .set(lease)
      .where(inArray(table.id, due))
      .returning()) as T['$inferSelect'][];
    if (leased.length === 0) return sent;
    sent += await tryBatch(leased);
    if (leased.length < queue.batch) return sent;
  }
}

/**
 * What a failed try leaves of a row: tried again after the queue's wait, or given up (FAILED) once
 * it has had its tries, or at once when `giveUp` says a new try would fail the same way.
 */
export function retryLater<T extends QueueTable>(
  queue: LeasedQueue<T>,
  attempts: number,
  now: Date,
  giveUp = false,
) {
  return {
    status: giveUp || attempts >= queue.maxAttempts ? ('FAILED' as const) : ('PENDING' as const),
    lockedUntil: null,
    nextAttemptAt: new Date(now.getTime() + queue.retryDelayMs(attempts)),
  };
}
