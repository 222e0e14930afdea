import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { oneTimeTokens } from '../db/schema';
import { deleteExpiredSessions } from '../services/sessions';
import { removeUnlinkedUploads } from '../routes/uploads/service';
import { deleteStaleRegistrations } from '../routes/auth/registration';

const DAY_MS = 86_400_000;

/**
 * Housekeeping: attachments never linked to a report, sessions past their expiry, registrations
 * nobody confirmed in time, and sign-in links that expired or were used (kept a day for the audit
 * trail). Safe on several instances at once: deleting twice is harmless.
 */
export async function cleanUp(ctx: AppContext, log: Pick<FastifyBaseLogger, 'info'>) {
  const now = ctx.clock();
  const files = await removeUnlinkedUploads(ctx);
  await deleteExpiredSessions(ctx.db, now);
  await deleteStaleRegistrations(ctx.db, now);
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
  if (files > 0) log.info(`${files} archivo(s) sin reporte eliminados`);
}
