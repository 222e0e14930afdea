import { formatDateTime } from '../../common/date-format';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { weekDeadline, weekLabel, weekOf } from '../../common/week';
import type { AppContext } from '../context';
import { appaSubmissions, jobRuns, users, type UserRow } from '../db/schema';
import { areaPeople } from '../domain/hierarchy';
import { weekAreaDay } from '../domain/week-people';
import { areaOf } from '../policies/organisation';
import { hierarchy } from '../domain/dashboard';
import { loadReportSummaries } from '../domain/reports';
import { digestEmail } from '../services/emails';
import { enqueueMail, kickMail } from '../services/mail-queue';
import { getSettings } from '../services/settings';
import { addDays, format, parseISO } from 'date-fns';

/** Who receives the weekly digest: those who look after an area. */
const DIGEST_ROLES = ['GERENTE', 'VP', 'CONSEJO'] as const;
const JOB = 'weekly-digest';

/** The text of one person's digest: their area's completion, then each problem and request for help. */
export async function digestFor(ctx: AppContext, person: UserRow, weekStart: string) {
  const area = areaOf(person);
  if (!area) return null;
  const { analytics } = await hierarchy(ctx, person, area, weekStart);
  // Someone with nobody expected to report (a new manager, a team all on leave) has nothing to read.
  if (analytics.expected === 0) return null;
  const day = await weekAreaDay(ctx, weekStart);
  const flagged = await loadReportSummaries(
    ctx,
    and(
      eq(appaSubmissions.weekStart, weekStart),
      eq(appaSubmissions.status, 'ENVIADO'),
      or(ne(appaSubmissions.problemas, ''), ne(appaSubmissions.ayuda, '')),
      areaPeople(area, day),
    ),
    null,
  );
  const week = { weekStart, weekEnd: format(addDays(parseISO(weekStart), 6), 'yyyy-MM-dd') };
  const lines = [
    `Resumen de tu área — ${weekLabel(week)}`,
    '',
    `Enviados: ${analytics.submittedCount} de ${analytics.expected} (${analytics.completionRate} %)`,
    `Borradores: ${analytics.draftCount}`,
    `Pendientes: ${analytics.pendingCount}`,
    '',
  ];
  if (flagged.length === 0) {
    lines.push('Nadie reportó problemas ni pidió ayuda esta semana.');
  } else {
    lines.push('Problemas y pedidos de ayuda:');
    for (const report of flagged) {
      lines.push(
        '',
        `• ${report.user.fullName}${report.user.cargo ? ` (${report.user.cargo})` : ''}`,
      );
      if (report.problemas.trim()) lines.push(`  Problemas: ${report.problemas.trim()}`);
      if (report.ayuda.trim()) lines.push(`  Ayuda requerida: ${report.ayuda.trim()}`);
    }
  }
  const email = await digestEmail({
    nombre: person.fullName,
    subject: `Resumen semanal de APPA: ${analytics.completionRate} % enviados`,
    lines,
  });
  return { ...email, flagged: flagged.map((r) => r.user.id) };
}

/**
 * Once the week's deadline has passed ("Hora límite" on the Monday, organisation's timezone), each
 * active manager, VP and board member gets one digest of their area for that week. A `job_runs`
 * row per person and week is claimed before sending: several instances or a restart never send it
 * twice; the digest is queued (the queue retries a failed send), and a digest that could not be
 * written releases the claim so the next run tries again.
 */
export async function sendWeeklyDigests(
  ctx: AppContext,
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>,
): Promise<number> {
  const settings = await getSettings(ctx.db);
  const now = ctx.clock();
  const { weekStart } = weekOf(now, settings.organisationTimezone);
  const due = weekDeadline(weekStart, settings.deadlineTime, settings.organisationTimezone);
  if (now < due) return 0;

  const people = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.status, 'ACTIVO'), inArray(users.role, [...DIGEST_ROLES])));
  let sent = 0;
  for (const person of people) {
    const [claimed] = await ctx.db
      .insert(jobRuns)
      .values({ job: JOB, period: weekStart, subject: person.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: jobRuns.id });
    if (!claimed) continue;
    try {
      const digest = await digestFor(ctx, person, weekStart);
      if (!digest) continue;
      const from = settings.mailFrom ?? undefined;
      await enqueueMail(ctx.db, [{ ...digest, from, to: person.email }], now);
      sent += 1;
    } catch (error) {
      log.warn({ err: error, userId: person.id }, 'weekly digest failed; will retry');
      await ctx.db.delete(jobRuns).where(eq(jobRuns.id, claimed.id));
    }
  }
  if (sent > 0) {
    const at = formatDateTime(now, settings.organisationTimezone);
    log.info(`${sent} resumen(es) semanal(es) en cola (${at})`);
    kickMail(ctx, log);
  }
  return sent;
}
