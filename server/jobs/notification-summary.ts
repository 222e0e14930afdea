import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PRODUCT_NAME } from '../../common/constants';
import type { AppContext } from '../context';
import { jobRuns, notifications, users } from '../db/schema';
import { letter, pageLink } from '../services/mail';
import { enqueueMail } from '../services/mail-queue';
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
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<number> {
  const now = ctx.clock();
  const waiting = await ctx.db
    .selectDistinct({
      id: users.id,
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
    const queued = await ctx.db.transaction(async (tx) => {
      // One summary per person and local day, whichever instance gets here first.
      const [claimed] = await tx
        .insert(jobRuns)
        .values({ job: SUMMARY_JOB, period: format(local, 'yyyy-MM-dd'), subject: person.id })
        .onConflictDoNothing()
        .returning({ id: jobRuns.id });
      if (!claimed) return false;
      const covered = await tx
        .update(notifications)
        .set({ mailedAt: now })
        .where(
          and(
            eq(notifications.userId, person.id),
            isNull(notifications.mailedAt),
            lte(notifications.createdAt, now),
          ),
        )
        .returning({
          text: notifications.text,
          reportId: notifications.submissionId,
          createdAt: notifications.createdAt,
        });
      if (covered.length === 0) {
        // Another instance covered them meanwhile: today's summary is still to come.
        await tx.delete(jobRuns).where(eq(jobRuns.id, claimed.id));
        return false;
      }
      covered.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      const lines = covered.flatMap((n) => [
        `• ${n.text}`,
        ...(n.reportId ? [`  ${pageLink(ctx.config, reportPagePath(n.reportId))}`] : []),
      ]);
      await enqueueMail(
        tx,
        [
          {
            from,
            to: person.email,
            subject: `Tu resumen diario de ${PRODUCT_NAME}: ${covered.length} ${covered.length === 1 ? 'novedad' : 'novedades'}`,
            text: letter(person.fullName, [
              'Esto pasó con tus reportes desde tu último resumen:',
              '',
              ...lines,
              '',
              PREFERENCES_LINE,
            ]),
          },
        ],
        now,
      );
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent > 0) log.info(`${sent} resumen(es) diario(s) de notificaciones en cola`);
  return sent;
}
