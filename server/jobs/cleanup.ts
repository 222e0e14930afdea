import { and, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { auditLog, mailQueue, notifications, oneTimeTokens, webhookDeliveries } from '../db/schema';
import { deleteExpiredSessions } from '../services/sessions';
import { pruneThrottle } from '../services/throttle';
import { removeUnlinkedUploads } from '../domain/uploads';
import { deleteStaleRegistrations } from '../domain/registrations';

const DAY_MS = 86_400_000;

/**
 * Housekeeping: attachments never linked to a report, sessions past their expiry, registrations
 * nobody confirmed in time, attempt counts no limit needs, audit rows past their retention, and
 * sign-in links that expired or were used (kept a day for the audit trail), e-mails and webhook
 * deliveries sent or given up a month ago, and old notifications. Safe on several instances at once: deleting twice is harmless.
 */
export async function cleanUp(ctx: AppContext, log: Pick<FastifyBaseLogger, 'info'>) {
  const now = ctx.clock();
  const files = await removeUnlinkedUploads(ctx);
  await deleteExpiredSessions(ctx.db, now);
  await deleteStaleRegistrations(ctx.db, now);
  await pruneThrottle(ctx.db, now);
  // The audit log is kept AUDIT_RETENTION_DAYS (400 by default): long enough for a yearly review.
  await ctx.db
    .delete(auditLog)
    .where(
      lt(auditLog.createdAt, new Date(now.getTime() - ctx.config.auditRetentionDays * DAY_MS)),
    );
  await ctx.db
    .delete(oneTimeTokens)
    .where(
      or(
        lt(oneTimeTokens.expiresAt, new Date(now.getTime() - DAY_MS)),
        and(
          isNotNull(oneTimeTokens.usedAt),
          lt(oneTimeTokens.usedAt, new Date(now.getTime() - DAY_MS)),
        ),
      ),
    );
  await pruneMailAndNotifications(ctx, now);
  if (files > 0) log.info(`${files} archivo(s) sin reporte eliminados`);
}

/**
 * E-mails and webhook deliveries sent (or given up) this long ago leave their queues: their text,
 * addresses and payloads go with them.
 */
export const MAIL_KEPT_DAYS = 30;
/** Read notifications are kept this long; unread ones for a year. */
export const NOTIFICATIONS_KEPT_DAYS = 180;

async function pruneMailAndNotifications(ctx: AppContext, now: Date) {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await ctx.db
    .delete(mailQueue)
    .where(and(ne(mailQueue.status, 'PENDING'), lt(mailQueue.createdAt, before(MAIL_KEPT_DAYS))));
  await ctx.db
    .delete(webhookDeliveries)
    .where(
      and(
        ne(webhookDeliveries.status, 'PENDING'),
        lt(webhookDeliveries.createdAt, before(MAIL_KEPT_DAYS)),
      ),
    );
  await ctx.db
    .delete(notifications)
    .where(
      or(
        and(
          isNotNull(notifications.readAt),
          lt(notifications.createdAt, before(NOTIFICATIONS_KEPT_DAYS)),
        ),
        lt(notifications.createdAt, before(365)),
      ),
    );
}
