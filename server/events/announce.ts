import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { auditSubscriber } from './audit';
import { cacheSubscriber } from './cache';
import { declarationOf, type DomainEvent } from './catalogue';
import { liveSubscriber } from './live';
import { notificationSubscriber } from './notifications';
import { webhookSubscriber } from './webhooks';

/**
 * One subscriber of the events (catalogue.ts): what it writes with the change, in the write's
 * transaction, and what it does once the change committed.
 */
export interface Subscriber {
  name: string;
  /** In the write's transaction: rows that must exist exactly when the change does. */
  during?(db: Db, events: readonly DomainEvent[]): Promise<void>;
  /** Once the write committed, never for one rolled back; a failure is logged, never thrown. */
  after?(ctx: AppContext, log: FastifyBaseLogger, events: readonly DomainEvent[]): Promise<void>;
}

/**
 * In this order: the audit row before the webhook, as they always were; and once committed, the
 * read cache forgets before anyone is told (a notification, a live event), so that whoever reads
 * because they were told reads the change.
 */
const SUBSCRIBERS: readonly Subscriber[] = [
  auditSubscriber,
  webhookSubscriber,
  cacheSubscriber,
  notificationSubscriber,
  liveSubscriber,
];

/** The events announced so far by the write that opened each handle (`announcing`). */
const announcedBy = new WeakMap<Db, DomainEvent[]>();
/** Handles of writes that are one statement, atomic by themselves, without a transaction. */
const oneStatement = new WeakSet<Db>();

/**
 * Runs a write that announces what it changes: `work` writes through the handle it is given and
 * calls `announce` on it. The write is one transaction (or, with `oneStatement`, a single statement
 * that needs none); once it has committed, what follows from its events is done. `log` is the
 * request's, for what fails after the change is saved.
 */
export async function announcing<T>(
  ctx: AppContext,
  log: FastifyBaseLogger,
  work: (db: Db) => Promise<T>,
  options: { oneStatement?: boolean } = {},
): Promise<T> {
  let announced: DomainEvent[] = [];
  const run = (db: Db) => {
    // A transaction tried again starts with nothing announced.
    announced = [];
    announcedBy.set(db, announced);
    return work(db);
  };
  let result: T;
  if (options.oneStatement) {
    // Its own handle, so that what it announces is told apart from other writes at the same time.
    const db = Object.create(ctx.db) as Db;
    oneStatement.add(db);
    result = await run(db);
  } else {
    result = await ctx.db.transaction((tx) => run(tx));
  }
  for (const subscriber of SUBSCRIBERS) {
    if (!subscriber.after || announced.length === 0) continue;
    try {
      await subscriber.after(ctx, log, announced);
    } catch (error) {
      // The change is saved: what did not follow from it is logged.
      log.error({ err: error, subscriber: subscriber.name }, 'event not announced');
    }
  }
  return result;
}

/**
 * Records that `events` happened, inside the write `announcing` runs: the audit rows and webhook
 * deliveries are written now, with the change; the rest follows once it commits.
 */
export async function announce(db: Db, ...events: DomainEvent[]): Promise<void> {
  const announced = announcedBy.get(db);
  if (!announced) throw new Error('announce: only inside a write that `announcing` runs');
  if (oneStatement.has(db) && events.some(writesWithTheChange)) {
    throw new Error('announce: an event with rows of its own needs a transaction');
  }
  for (const subscriber of SUBSCRIBERS) await subscriber.during?.(db, events);
  announced.push(...events);
}

/** Whether an event writes rows of its own (an audit row, a webhook delivery). */
function writesWithTheChange(event: DomainEvent): boolean {
  const declared = declarationOf(event);
  return Boolean(declared.audit?.(event) ?? declared.webhook?.(event));
}
