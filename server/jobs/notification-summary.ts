import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PRODUCT_NAME } from '../../common/constants';
import type { AppContext } from '../context';
import { appaSubmissions, jobRuns, notifications, users } from '../db/schema';
import type { Actor } from '../policies/actor';
import { can, loadReportFacts } from '../policies/report';
import { notificationEmail } from '../services/emails';
import { pageLink } from '../services/mail-links';
import { enqueueMail, kickMail } from '../services/mail-queue';
import { PREFERENCES_LINE } from '../services/notifications';
import { reportPagePath } from '../../common/roles';
import { savedMailFrom } from '../services/settings';

const SUMMARY_HOUR = 8;
const SUMMARY_JOB = 'notification-summary';

/**
 * The daily summary: once a day, from 08:00 in each person's timezone, whoever chose 'daily' and
 * has notifications no e-mail covered yet gets one e-mail listing them. A notification is marked
 * covered in the same transaction that queues the e-mail, so two instances or a restart never send
 * it twice, and a failed SMTP server only delays it (the queue retries).
 */
export async function sendDailySummaries(
  ctx: AppContext,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
): Promise<number> {
  const now = ctx.clock();
  const waiting = await ctx.db
    .selectDistinct({
      id: users.id,
      role: users.role,
      fullName: users.fullName,
      email: users.email,
      timezone: users.timezone,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(
      and(
        isNull(notifications.mailedAt),
        eq(users.notifyEmail, 'daily'),
        eq(users.status, 'ACTIVO'),
      ),
    );
  const from = await savedMailFrom(ctx.db);
  let sent = 0;
  for (const person of waiting) {
    const local = new TZDate(now.getTime(), person.timezone);
    if (local.getHours() < SUMMARY_HOUR) continue;
    // Checked before the transaction, which holds the embedded database's one connection: what
    // they may no longer read (a share revoked, a manager moved since) is left out.
    const waitingNotes = await ctx.db
      .select({
        id: notifications.id,
        text: notifications.text,
        reportId: notifications.submissionId,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, person.id),
          isNull(notifications.mailedAt),
          lte(notifications.createdAt, now),
        ),
      );
    const readableIds = new Set((await stillReadable(ctx, person, waitingNotes)).map((n) => n.id));
    const queued = await ctx.db.transaction(async (tx) => {
      // One summary per person and local day, whichever instance gets here first.
      const [claimed] = await tx
        .insert(jobRuns)
        .values({ job: SUMMARY_JOB, period: format(local, 'yyyy-MM-dd'), subject: person.id })
        .onConflictDoNothing()
        .returning({ id: jobRuns.id });
      if (!claimed) return false;
      const covered = new Set(
        (
          await tx
            .update(notifications)
            .set({ mailedAt: now })
            .where(
              and(
                inArray(
                  notifications.id,
                  waitingNotes.map((n) => n.id),
                ),
                isNull(notifications.mailedAt),
              ),
            )
            .returning({ id: notifications.id })
        ).map((n) => n.id),
      );
      const readable = waitingNotes.filter((n) => covered.has(n.id) && readableIds.has(n.id));
      if (readable.length === 0) {
        // Nothing to tell (or another instance covered it meanwhile): today's summary is still
        // to come.
        await tx.delete(jobRuns).where(eq(jobRuns.id, claimed.id));
        return false;
      }
      readable.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      const lines = readable.flatMap((n) => [
        `• ${n.text}`,
        ...(n.reportId ? [`  ${pageLink(ctx.config, reportPagePath(n.reportId))}`] : []),
      ]);
      const count = `${readable.length} ${readable.length === 1 ? 'novedad' : 'novedades'}`;
      const summary = await notificationEmail({
        nombre: person.fullName,
        subject: `Tu resumen diario de ${PRODUCT_NAME}: ${count}`,
        lines: ['Esto pasó desde tu último resumen:', '', ...lines, '', PREFERENCES_LINE],
        summary: true,
      });
      await enqueueMail(tx, [{ ...summary, from, to: person.email }], now);
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent > 0) {
    log.info(`${sent} resumen(es) diario(s) de notificaciones en cola`);
    kickMail(ctx, log);
  }
  return sent;
}

/** The notifications whose report `reader` may still read (review:read) now. */
async function stillReadable<N extends { reportId: string | null }>(
  ctx: AppContext,
  reader: Actor,
  covered: readonly N[],
): Promise<N[]> {
  const ids = [...new Set(covered.flatMap((n) => (n.reportId ? [n.reportId] : [])))];
  const reports =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            id: appaSubmissions.id,
            userId: appaSubmissions.userId,
            status: appaSubmissions.status,
          })
          .from(appaSubmissions)
          .where(inArray(appaSubmissions.id, ids));
  // Two statements for all of them, whatever their number.
  const factsOf = await loadReportFacts(ctx, reader, reports);
  const readable = new Set(
    reports.filter((r) => can(reader, 'review:read', factsOf(r))).map((r) => r.id),
  );
  return covered.filter((n) => n.reportId !== null && readable.has(n.reportId));
}
