import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MSG,
  type CreateWebhookInput,
  type WebhookDeliveryType,
  type WebhookEvent,
  type WebhookList,
} from '../../common/schemas/webhooks';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users, webhookDeliveries, webhookEndpoints, type WebhookEndpointRow } from '../db/schema';
import { afterReply } from '../lib/after-reply';
import { drainQueue, notLeased, retryLater, type LeasedQueue } from '../lib/leased-queue';
import { badRequest, conflict, notFound } from '../lib/errors';
import {
  presentWebhookDelivery,
  presentWebhookEndpoint,
  type DeliveryFacts,
} from '../presenters/webhooks';
import { audit } from './audit';
import { webhookDisabledEmail } from './emails';
import { jobsPause } from './jobs-pause';
import { pageLink } from './mail-links';
import { enqueueMail, kickMail, retryDelayMs } from './mail-queue';
import { savedMailFrom } from './settings';
import {
  newWebhookSecret,
  postWebhook,
  refusedWebhookUrl,
  signWebhook,
  type PostResult,
} from '../adapters/webhook-transport';

/**
 * Webhooks: each event is written as one delivery per subscribed endpoint in the same transaction
 * as the change it reports, then sent by the same kind of durable queue as mail (mail-queue.ts):
 * leased by one instance, retried with back-off, given up visibly. An endpoint that keeps failing
 * is disabled and the administrators are told by e-mail.
 */

/**
 * What each event says: ids and the facts of the event, never a report's, comment's or task's
 * text, nor anything about a person a token reading reports could not read.
 */
export interface WebhookEventData {
  'report.sent': {
    reportId: string;
    authorId: string;
    weekStart: string;
    weekEnd: string;
    sentAt: string;
    /** The administrator who recorded it as sent by other means; null when the author sent it. */
    markedSubmittedById: string | null;
  };
  'report.reviewed': {
    reportId: string;
    authorId: string;
    weekStart: string;
    reviewerId: string;
    reviewedAt: string;
  };
  'comment.created': {
    commentId: string;
    reportId: string;
    /** Who wrote the comment. */
    authorId: string;
    /** The comment it answers; null for a comment on the report itself. */
    parentId: string | null;
    createdAt: string;
  };
  'task.created': {
    taskId: string;
    reportId: string;
    createdById: string;
    assignedToId: string;
    createdAt: string;
  };
  'task.done': {
    taskId: string;
    reportId: string;
    completedById: string;
    completedAt: string;
  };
  'user.created': {
    userId: string;
    /** The administrator who made the account; null when the person registered. */
    createdById: string | null;
    createdAt: string;
  };
  'user.suspended': { userId: string; suspendedById: string; suspendedAt: string };
  ping: { endpointId: string };
}

/** Tries before a delivery is given up (FAILED): about eight hours of waits doubling from a minute. */
export const WEBHOOK_MAX_ATTEMPTS = 10;
/**
 * An endpoint is disabled once every try has failed for this long, and at least
 * WEBHOOK_DISABLE_FAILURES tries in a row: a receiver down for a day is not coming back by itself.
 */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60_000;
export const WEBHOOK_DISABLE_FAILURES = 10;
/**
 * The deliveries: a pass takes few enough that receivers timing out still fit in its lease, and
 * waits between tries as mail does.
 */
const WEBHOOK_QUEUE: LeasedQueue<typeof webhookDeliveries> = {
  table: webhookDeliveries,
  batch: 20,
  leaseMs: 5 * 60_000,
  maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  retryDelayMs,
};
const RECENT_DELIVERIES = 50;

/** Set when a delivery was queued: the next answer sends it (see `kickWebhooksAfterWrite`). */
let queuedSinceKick = false;

/**
 * Queues `type` for every enabled endpoint subscribed to it, in `db`'s transaction: the event
 * exists exactly when the change it reports does. Answers how many deliveries were queued.
 */
export async function emitEvent<T extends WebhookEvent>(
  db: Db,
  type: T,
  data: WebhookEventData[T],
  now: Date,
): Promise<number> {
  return emitEvents(db, type, [data], now);
}

/** Several events of one type (a bulk import's people), each with its own id. */
export async function emitEvents<T extends WebhookEvent>(
  db: Db,
  type: T,
  data: readonly WebhookEventData[T][],
  now: Date,
): Promise<number> {
  const queued = await queueEvents(db, type, data, now);
  if (queued > 0) queuedSinceKick = true;
  return queued;
}

/**
 * The same, for a caller that sends them itself once its transaction committed (`kickWebhooks`),
 * as the event path does (server/events/webhooks.ts).
 */
export async function queueEvents<T extends WebhookEvent>(
  db: Db,
  type: T,
  data: readonly WebhookEventData[T][],
  now: Date,
): Promise<number> {
  if (data.length === 0) return 0;
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${type} = any(${webhookEndpoints.events})`));
  return queueDeliveries(
    db,
    endpoints.map((e) => e.id),
    type,
    data,
    now,
  );
}

async function queueDeliveries<T extends WebhookDeliveryType>(
  db: Db,
  endpointIds: readonly string[],
  type: T,
  data: readonly WebhookEventData[T][],
  now: Date,
): Promise<number> {
  const rows = data.flatMap((one) => {
    const eventId = randomUUID();
    const payload = JSON.stringify({ id: eventId, type, createdAt: now.toISOString(), data: one });
    return endpointIds.map((endpointId) => ({
      endpointId,
      eventId,
      eventType: type,
      payload,
      nextAttemptAt: now,
      createdAt: now,
    }));
  });
  if (rows.length === 0) return 0;
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(webhookDeliveries).values(rows.slice(i, i + 500));
  }
  return rows.length;
}

/** Sends what is due right after the current request, on this instance. */
export function kickWebhooks(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): void {
  afterReply(log, 'deliver-webhooks', async () => {
    await deliverWebhooks(ctx, log);
  });
}

/**
 * After each answer: when anything queued a delivery since the last kick, send it now. The events
 * are queued deep in the services that make the changes, in their transactions; this keeps every
 * one of them from having to reach the request to start the worker. A delivery queued by a
 * transaction that then failed costs one empty pass; the scheduled job sends anything missed.
 */
export function kickWebhooksAfterWrite(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): void {
  if (!queuedSinceKick) return;
  queuedSinceKick = false;
  kickWebhooks(ctx, log);
}

/** The headers of one try, as Standard Webhooks names them. */
export function webhookHeaders(
  secret: string,
  deliveryId: string,
  now: Date,
  body: string,
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': deliveryId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, deliveryId, timestamp, body),
  };
}

/**
 * Sends the deliveries that are due, each through one instance only (leased as mail is). A 2xx
 * answer is SENT; anything else waits `retryDelayMs` and is tried again until WEBHOOK_MAX_ATTEMPTS,
 * then is FAILED with its last status and reason. Each failure counts against its endpoint (see
 * `recordFailure`). Sends nothing while scheduled jobs are paused. Answers how many were delivered.
 */
export async function deliverWebhooks(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Promise<number> {
  if (await jobsPause(ctx.db)) return 0;
  return drainQueue(ctx.db, ctx.clock, WEBHOOK_QUEUE, async (leased) => {
    const endpointIds = [...new Set(leased.map((d) => d.endpointId))];
    const endpoints = await ctx.db
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, endpointIds));
    // Endpoints answer at once, each its own deliveries in order; one delivery that fails to be
    // recorded stops neither its endpoint's others nor the rest of the batch.
    const results = await Promise.allSettled(
      endpoints.map(async (endpoint) => {
        let sent = 0;
        let enabled = endpoint.enabled;
        for (const delivery of leased.filter((d) => d.endpointId === endpoint.id)) {
          let outcome: Outcome;
          try {
            outcome = await deliverOne(ctx, log, { ...endpoint, enabled }, delivery);
          } catch (error) {
            outcome = await releaseAfterError(ctx, log, endpoint, delivery, error);
          }
          if (outcome === 'delivered') sent += 1;
          // Disabled by this failure: the rest of its deliveries are not tried.
          if (outcome === 'disabled') enabled = false;
        }
        return sent;
      }),
    );
    let delivered = 0;
    for (const result of results) {
      if (result.status === 'fulfilled') delivered += result.value;
      else log.error({ err: result.reason as unknown }, 'webhook deliveries not recorded');
    }
    return delivered;
  });
}

type LeasedDelivery = typeof webhookDeliveries.$inferSelect;
type Outcome = 'delivered' | 'failed' | 'disabled';

/** The delivery as this pass leased it: a pass changes only what it still holds. */
const stillHeld = (delivery: LeasedDelivery) =>
  and(
    eq(webhookDeliveries.id, delivery.id),
    delivery.lockedUntil
      ? eq(webhookDeliveries.lockedUntil, delivery.lockedUntil)
      : isNull(webhookDeliveries.lockedUntil),
  );

/** Said of a try whose result could not be recorded (the database refused it). */
const NOT_RECORDED = 'No se pudo registrar el resultado del intento';

/**
 * A delivery whose try could not be recorded: it leaves its lease as a failed try (given up after
 * its last), and counts against its endpoint, so that nothing is retried forever. When even this
 * fails, the lease runs out and the next pass tries it again.
 */
async function releaseAfterError(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  endpoint: WebhookEndpointRow,
  delivery: LeasedDelivery,
  error: unknown,
): Promise<Outcome> {
  log.error({ err: error, webhookDeliveryId: delivery.id }, 'webhook delivery not recorded');
  try {
    const now = ctx.clock();
    await ctx.db
      .update(webhookDeliveries)
      .set({
        ...retryLater(WEBHOOK_QUEUE, delivery.attempts, now),
        lastAttemptAt: now,
        lastError: NOT_RECORDED,
      })
      .where(stillHeld(delivery));
    const failure = { ok: false as const, status: null, error: NOT_RECORDED };
    return (await recordFailure(ctx, log, endpoint.id, failure, now)) ? 'disabled' : 'failed';
  } catch (again) {
    log.error({ err: again, webhookDeliveryId: delivery.id }, 'webhook delivery not released');
    return 'failed';
  }
}

/** One try of one delivery, and what it means for its endpoint. */
async function deliverOne(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  endpoint: WebhookEndpointRow,
  delivery: LeasedDelivery,
): Promise<Outcome> {
  // The endpoint as it is now: deleted or disabled since the batch was leased, nothing is sent.
  const [current] = endpoint.enabled
    ? await ctx.db
        .select({ enabled: webhookEndpoints.enabled, url: webhookEndpoints.url })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, delivery.id))
        .limit(1)
    : [endpoint];
  if (!current) return 'failed';
  if (!current.enabled) {
    // Disabled while this delivery waited: it stays for "Reintentar" once it is reactivated.
    await ctx.db.update(webhookDeliveries).set(givenUpAsDisabled()).where(stillHeld(delivery));
    return 'disabled';
  }
  const attemptAt = ctx.clock();
  const result: PostResult = await postWebhook({
    url: current.url,
    headers: webhookHeaders(endpoint.secret, delivery.id, attemptAt, delivery.payload),
    body: delivery.payload,
    allowPrivate: ctx.config.webhookAllowPrivate,
  });
  const now = ctx.clock();
  if (result.ok) {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          status: 'SENT',
          deliveredAt: now,
          lastAttemptAt: attemptAt,
          lastStatusCode: result.status,
          lastError: null,
          lockedUntil: null,
        })
        .where(stillHeld(delivery));
      await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0, failingSince: null })
        .where(eq(webhookEndpoints.id, endpoint.id));
    });
    return 'delivered';
  }
  const failed = delivery.attempts >= WEBHOOK_MAX_ATTEMPTS;
  log.warn(
    { webhookDeliveryId: delivery.id, endpointId: endpoint.id, attempts: delivery.attempts },
    failed ? 'webhook delivery given up' : 'webhook not delivered; will retry',
  );
  // Counted first: an endpoint disabled by this failure, or while it was being sent, gives it up.
  const disabled = await recordFailure(ctx, log, endpoint.id, result, now);
  await ctx.db
    .update(webhookDeliveries)
    .set({
      ...retryLater(WEBHOOK_QUEUE, delivery.attempts, now, disabled),
      lastAttemptAt: attemptAt,
      lastStatusCode: result.status,
      lastError: result.error,
    })
    .where(stillHeld(delivery));
  return disabled ? 'disabled' : 'failed';
}

/** An endpoint's URL for the audit log and e-mail: its query, which may carry a token, left out. */
function withoutQuery(url: string): string {
  const parsed = new URL(url);
  parsed.search = '';
  parsed.hash = '';
  return parsed.toString();
}

/** A delivery its endpoint's disabling gave up; one that was tried keeps why it failed. */
const givenUpAsDisabled = () => ({
  status: 'FAILED' as const,
  lockedUntil: null,
  lastError: sql<string>`coalesce(${webhookDeliveries.lastError}, ${'No se envió: el webhook está desactivado'})`,
});

/**
 * Counts a failed try against its endpoint; answers whether it is now disabled. 410 Gone says the receiver no longer wants events: it
 * is disabled at once; otherwise once it has failed every try for WEBHOOK_DISABLE_AFTER_MS and at
 * least WEBHOOK_DISABLE_FAILURES times in a row.
 */
async function recordFailure(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  endpointId: string,
  result: Extract<PostResult, { ok: false }>,
  now: Date,
): Promise<boolean> {
  const [counted] = await ctx.db
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  if (!counted?.enabled) return true;
  const failingFor = now.getTime() - (counted.failingSince ?? now).getTime();
  let reason: string | null = null;
  if (result.status === 410) {
    reason = 'El receptor respondió 410 (Gone): ya no acepta eventos';
  } else if (
    failingFor >= WEBHOOK_DISABLE_AFTER_MS &&
    counted.consecutiveFailures >= WEBHOOK_DISABLE_FAILURES
  ) {
    reason = `Falló ${counted.consecutiveFailures} veces seguidas durante más de 24 horas. Último error: ${result.error}`;
  }
  if (reason === null) return false;
  if (await disableEndpoint(ctx, counted, reason.slice(0, 500), now)) {
    log.warn({ endpointId }, 'webhook endpoint disabled after repeated failures');
    kickMail(ctx, log);
  }
  return true;
}

/**
 * Stops sending to an endpoint: its waiting deliveries are FAILED (for "Reintentar" once it is
 * reactivated), the log says so, and every active administrator is e-mailed. Done once, by
 * whichever instance gets there first.
 */
async function disableEndpoint(
  ctx: Pick<AppContext, 'db' | 'config'>,
  endpoint: WebhookEndpointRow,
  reason: string,
  now: Date,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledAt: now, disabledReason: reason, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    if (!disabled) return false;
    await tx
      .update(webhookDeliveries)
      .set(givenUpAsDisabled())
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.status, 'PENDING'),
          // One being sent now is left to its pass, which gives it up once it is tried.
          notLeased(WEBHOOK_QUEUE, now),
        ),
      );
    await audit(tx, {
      action: 'webhook.disabled',
      entity: 'webhook',
      entityId: endpoint.id,
      meta: { url: withoutQuery(endpoint.url), reason },
    });
    const admins = await tx
      .select({ fullName: users.fullName, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVO')));
    const from = await savedMailFrom(tx);
    const enlace = pageLink(ctx.config, '/admin?tab=configuracion');
    const emails = await Promise.all(
      admins.map(async (admin) => ({
        ...(await webhookDisabledEmail({
          nombre: admin.fullName,
          url: withoutQuery(endpoint.url),
          reason,
          enlace,
        })),
        from,
        to: admin.email,
      })),
    );
    await enqueueMail(tx, emails, now);
    return true;
  });
}

// The panel's operations (administrators only; the routes authorize).

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
};

/** Every column of an endpoint but its secret. */
const { secret: _secret, ...endpointColumns } = getTableColumns(webhookEndpoints);

async function loadEndpoints(db: Db, id?: string) {
  const rows = await db
    .select({ endpoint: endpointColumns, createdBy: { id: users.id, fullName: users.fullName } })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdById))
    .where(id ? eq(webhookEndpoints.id, id) : undefined)
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  if (rows.length === 0) return [];
  const latest = await db
    .selectDistinctOn([webhookDeliveries.endpointId], deliveryColumns)
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.endpointId,
        rows.map((r) => r.endpoint.id),
      ),
    )
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.createdAt));
  const latestOf = new Map<string, DeliveryFacts>(latest.map((d) => [d.endpointId, d]));
  return rows.map((r) =>
    presentWebhookEndpoint(
      r.endpoint,
      r.createdBy?.id ? r.createdBy : null,
      latestOf.get(r.endpoint.id) ?? null,
    ),
  );
}

async function loadEndpoint(db: Db, id: string) {
  const [endpoint] = await loadEndpoints(db, id);
  if (!endpoint) throw notFound(WEBHOOK_MSG.notFound);
  return endpoint;
}

/** The endpoints, oldest first, and the newest deliveries, failed first. */
export async function listWebhooks(ctx: Pick<AppContext, 'db'>): Promise<WebhookList> {
  const [endpoints, deliveries] = await Promise.all([
    loadEndpoints(ctx.db),
    ctx.db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .orderBy(
        sql`${webhookDeliveries.status} = 'FAILED' desc`,
        desc(webhookDeliveries.createdAt),
        webhookDeliveries.id,
      )
      .limit(RECENT_DELIVERIES),
  ]);
  return { endpoints, deliveries: deliveries.map(presentWebhookDelivery) };
}

/** Registers an endpoint; answers it with its secret, which is never shown again. */
export async function createWebhook(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  actorId: string,
  input: Required<Pick<CreateWebhookInput, 'url' | 'events'>> & { description: string },
) {
  const refusal = await refusedWebhookUrl(new URL(input.url), ctx.config.webhookAllowPrivate);
  if (refusal) throw badRequest(refusal);
  const now = ctx.clock();
  const secret = newWebhookSecret();
  const id = await ctx.db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints);
    if (n >= WEBHOOK_MAX_ENDPOINTS) throw conflict(WEBHOOK_MSG.tooMany);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        description: input.description,
        events: input.events,
        secret,
        createdById: actorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error('webhook endpoint not inserted');
    await audit(tx, {
      actorId,
      action: 'webhook.created',
      entity: 'webhook',
      entityId: row.id,
      meta: { url: withoutQuery(input.url), events: input.events },
    });
    return row.id;
  });
  return { secret, endpoint: await loadEndpoint(ctx.db, id) };
}

export async function deleteWebhook(ctx: Pick<AppContext, 'db'>, actorId: string, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning({ url: webhookEndpoints.url });
    if (!row) throw notFound(WEBHOOK_MSG.notFound);
    await audit(tx, {
      actorId,
      action: 'webhook.deleted',
      entity: 'webhook',
      entityId: id,
      meta: { url: withoutQuery(row.url) },
    });
  });
}

/** Sends to a disabled endpoint again, its count of failures from zero. */
export async function reactivateWebhook(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actorId: string,
  id: string,
) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        enabled: true,
        disabledAt: null,
        disabledReason: null,
        consecutiveFailures: 0,
        failingSince: null,
        updatedAt: ctx.clock(),
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, false)))
      .returning({ url: webhookEndpoints.url });
    if (!row) {
      await loadEndpoint(tx, id);
      throw conflict(WEBHOOK_MSG.notDisabled);
    }
    await audit(tx, {
      actorId,
      action: 'webhook.reactivated',
      entity: 'webhook',
      entityId: id,
      meta: { url: withoutQuery(row.url) },
    });
  });
  return loadEndpoint(ctx.db, id);
}

/** "Enviar prueba": a `ping` to this endpoint only, whatever it subscribed to. */
export async function pingWebhook(ctx: Pick<AppContext, 'db' | 'clock'>, id: string) {
  const [endpoint] = await ctx.db
    .select({ enabled: webhookEndpoints.enabled })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .limit(1);
  if (!endpoint) throw notFound(WEBHOOK_MSG.notFound);
  if (!endpoint.enabled) throw conflict(WEBHOOK_MSG.disabledCannotPing);
  await queueDeliveries(ctx.db, [id], 'ping', [{ endpointId: id }], ctx.clock());
  queuedSinceKick = true;
}

/**
 * "Reintentar": a FAILED delivery goes back to PENDING with its tries from zero, due now; the
 * same body, id and event, signed again when sent. 409 when it is not FAILED or its endpoint is
 * disabled, so a second click sends nothing.
 */
export async function retryWebhookDelivery(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actorId: string,
  id: string,
) {
  const [found] = await ctx.db
    .select({ status: webhookDeliveries.status, enabled: webhookEndpoints.enabled })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id))
    .limit(1);
  if (!found) throw notFound(WEBHOOK_MSG.deliveryNotFound);
  if (!found.enabled) throw conflict(WEBHOOK_MSG.disabledCannotRetry);
  const [row] = await ctx.db
    .update(webhookDeliveries)
    .set({ status: 'PENDING', attempts: 0, nextAttemptAt: ctx.clock(), lockedUntil: null })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, 'FAILED'),
        notLeased(WEBHOOK_QUEUE, ctx.clock()),
      ),
    )
    .returning(deliveryColumns);
  if (!row) throw conflict(WEBHOOK_MSG.notFailed);
  queuedSinceKick = true;
  await audit(ctx.db, {
    actorId,
    action: 'webhook.delivery_retried',
    entity: 'webhook',
    entityId: row.endpointId,
    meta: { deliveryId: id, type: row.eventType },
  });
  return presentWebhookDelivery(row);
}
