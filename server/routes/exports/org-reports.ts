import { completionRate } from '../../../common/completion';
import { addDays, format, parseISO } from 'date-fns';
import { es } from 'date-fns/locale';
import { and, asc, between, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  achievedText,
  csvOf,
  CUSTOM_LAYOUT,
  kpiAchieved,
  KPI_LAYOUT,
  MONTHLY_LAYOUT,
  PROBLEMS_HELP_LAYOUT,
  reviewNotesText,
  STATUS_TEXT,
  USER_ACTIVITY_LAYOUT,
} from '../../../common/report-layouts';
import type { PersonPeriodRow } from '../../../common/report-layouts';
import type {
  MonthlyReportQuery,
  RangeReportQuery,
  ReportFormat,
  WeeklyReportQuery,
} from '../../../common/schemas/reports';
import { weekFromStart, weekLabel, weekOf } from '../../../common/week';
import type { AppContext } from '../../context';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { appaSubmissions, users } from '../../db/schema';
import { countExpected, expectedWeeksOf } from '../../domain/expected-authors';
import { dayMonthYear } from '../../../common/date-format';
import { dateTime, percent, textFile, yesNo } from '../../../common/export-format';
import { organisationTimezone } from './service';
import type { ReportSummaryData } from '../../presenters/panel';
import { loadReportSummaries } from '../../domain/reports';
import { loadWeek } from '../../domain/week';
import { spanishOrder } from '../../db/spanish-order';
import { weekCsv } from './week-csv';

/** A report of the Reportes tab, ready to send as a download. */
export interface GeneratedReport {
  format: ReportFormat;
  fileName: string;
  body: string;
}

const filled = (text: string | null | undefined) => Boolean(text?.trim());

/** The Mondays from `from` to `to`, both included: the weeks a period covers. */
export function mondaysBetween(from: string, to: string): string[] {
  const start = parseISO(from);
  const offset = (8 - start.getDay()) % 7;
  const mondays: string[] = [];
  for (let day = addDays(start, offset); format(day, 'yyyy-MM-dd') <= to; day = addDays(day, 7)) {
    mondays.push(format(day, 'yyyy-MM-dd'));
  }
  return mondays;
}

/** The reports a period covers: those of the weeks whose Monday falls in it. */
const inPeriod = (from: string, to: string) => between(appaSubmissions.weekStart, from, to);

function header(title: string, period: string, generatedAt: Date, timeZone: string): string[] {
  return [`Sistema APPA — ${title}`, period, `Generado: ${dateTime(generatedAt, timeZone)}`, ''];
}

function generated(
  fmt: ReportFormat,
  baseName: string,
  csv: () => string,
  text: () => string[],
): GeneratedReport {
  return {
    format: fmt,
    fileName: `${baseName}.${fmt}`,
    body: fmt === 'csv' ? csv() : textFile(text()),
  };
}

const rangeLabel = (from: string, to: string) =>
  `Periodo: del ${dayMonthYear(from)} al ${dayMonthYear(to)}`;

// ---------------------------------------------------------------------------------------------
// Semanal: the panel's own week query.

export async function weeklyReport(
  ctx: AppContext,
  query: WeeklyReportQuery,
): Promise<GeneratedReport> {
  // The organisation's report is one answer for every administrator: drafts show to nobody.
  const week = await loadWeek(ctx, query.weekStart, null);
  const tz = week.timeZone;
  const sent = week.submissions.filter((s) => s.status === 'ENVIADO');
  const { counts } = week;

  const text = () => [
    ...header('Reporte semanal', weekLabel(week), ctx.clock(), tz),
    'Resumen',
    `Usuarios esperados: ${counts.expected}`,
    `Enviados: ${counts.sent}`,
    `Borradores: ${counts.drafts}`,
    `Pendientes: ${counts.pending}`,
    `Archivos adjuntos: ${counts.files}`,
    `Tasa de cumplimiento: ${percent(completionRate(counts.sent, counts.expected))}`,
    '',
    `APPAs enviados (${sent.length})`,
    ...(sent.length === 0 ? ['Ninguno'] : []),
    ...sent.flatMap((s) => [
      `- ${s.user.fullName} (${s.user.email}), enviado el ${dateTime(s.submittedAt, tz)}`,
      `  KPI: ${s.kpiNombre.trim() || '—'}; meta ${percent(s.kpiMetaPct)}; logro ${percent(s.kpiLogroPct)}; logrado: ${achievedText(kpiAchieved(s.kpiMetaPct, s.kpiLogroPct))}`,
      `  Archivos: ${s.fileCount}; problemas: ${yesNo(filled(s.problemas))}; ayuda: ${yesNo(filled(s.ayuda))}`,
    ]),
    '',
    `Pendientes (${week.pending.length})`,
    ...(week.pending.length === 0 ? ['Ninguno'] : []),
    ...week.pending.map(
      (p) => `- ${p.fullName} (${p.email}): ${p.draft ? 'borrador sin enviar' : 'sin APPA'}`,
    ),
  ];

  // The same file as the panel's and the dashboards' weekly CSV, for the whole organisation.
  const csv = query.format === 'csv' ? await weekCsv(ctx, { weekStart: week.weekStart }) : '';
  return generated(query.format, `reporte-semanal-${week.weekStart}`, () => csv, text);
}

// ---------------------------------------------------------------------------------------------
// Per person over a period: one grouped statement (monthly, user activity).

/**
 * Everyone expected in at least one week of the period, with the number of those weeks (their
 * compliance's denominator) and their reports of the period.
 */
async function activityByPerson(
  ctx: AppContext,
  from: string,
  to: string,
): Promise<PersonPeriodRow[]> {
  const sentOnly = sql`${appaSubmissions.status} = 'ENVIADO'`;
  // Read as the column itself reads: a number, and null for someone who sent nothing.
  const averageLogro: SQL<number | null> =
    sql`round(avg(${appaSubmissions.kpiLogroPct}) filter (where ${sentOnly}), 2)`.mapWith(
      appaSubmissions.kpiLogroPct,
    );
  const expectedWeeks = expectedWeeksOf(mondaysBetween(from, to));
  return ctx.db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      cargo: users.cargo,
      unidadOrganizacional: users.unidadOrganizacional,
      expectedWeeks,
      sent: sql<number>`(count(*) filter (where ${sentOnly}))::int`,
      drafts: sql<number>`(count(*) filter (where ${appaSubmissions.status} = 'BORRADOR'))::int`,
      lastSentAt:
        sql<Date | null>`max(${appaSubmissions.submittedAt}) filter (where ${sentOnly})`.mapWith(
          appaSubmissions.submittedAt,
        ),
      averageLogro,
    })
    .from(users)
    .leftJoin(appaSubmissions, and(eq(appaSubmissions.userId, users.id), inPeriod(from, to)))
    .where(sql`${expectedWeeks} > 0`)
    .groupBy(users.id)
    .orderBy(...spanishOrder(users.fullName), asc(users.id));
}

/** Sent and draft reports per week of the period, counted by the database. */
async function countsByWeek(ctx: AppContext, from: string, to: string) {
  const rows = await ctx.db
    .select({
      weekStart: appaSubmissions.weekStart,
      sent: sql<number>`(count(*) filter (where ${appaSubmissions.status} = 'ENVIADO'))::int`,
      drafts: sql<number>`(count(*) filter (where ${appaSubmissions.status} = 'BORRADOR'))::int`,
    })
    .from(appaSubmissions)
    .where(inPeriod(from, to))
    .groupBy(appaSubmissions.weekStart);
  return new Map(rows.map((r) => [r.weekStart, r]));
}

/**
 * The weeks of a period that have begun, in the organisation's timezone: a week still to come is
 * nobody's missing report. `current` is the week that runs, when the period holds it ("en curso").
 */
async function startedWeeks(ctx: AppContext, mondays: readonly string[]) {
  const tz = await organisationTimezone(ctx);
  const { weekStart: current } = weekOf(ctx.clock(), tz);
  const weeks = mondays.filter((w) => w <= current);
  return { tz, weeks, current: weeks.includes(current) ? current : null };
}

/** How a period's weeks read in a report's heading: "4 semanas, la última en curso". */
const weeksLabel = (count: number, current: string | null) =>
  `${count} ${count === 1 ? 'semana' : 'semanas'}${current ? `, la última en curso` : ''}`;

export async function monthlyReport(
  ctx: AppContext,
  query: MonthlyReportQuery,
): Promise<GeneratedReport> {
  const first = `${query.month}-01`;
  const monthEnd = lastDayOfMonth(query.month);
  const { tz, weeks, current } = await startedWeeks(ctx, mondaysBetween(first, monthEnd));
  const from = weeks[0] ?? first;
  const to = weeks[weeks.length - 1] ?? first;
  const [expected, perWeek, people] = await Promise.all([
    countExpected(ctx.db, weeks),
    countsByWeek(ctx, from, to),
    weeks.length > 0 ? activityByPerson(ctx, from, to) : Promise.resolve([]),
  ]);
  const monthName = format(parseISO(first), "MMMM 'de' yyyy", { locale: es });

  const weekRows = weeks.map((weekStart) => {
    const counts = perWeek.get(weekStart) ?? { sent: 0, drafts: 0 };
    return { week: weekFromStart(weekStart), expected: expected.get(weekStart) ?? 0, ...counts };
  });

  const csv = () =>
    csvOf(
      MONTHLY_LAYOUT,
      people.map((p) => ({ ...p, monthWeeks: weeks.length })),
      { timeZone: tz },
    );

  const text = () => [
    ...header(
      'Reporte mensual',
      `Mes: ${monthName} (${weeksLabel(weeks.length, current)})`,
      ctx.clock(),
      tz,
    ),
    'Por semana',
    ...(weeks.length === 0 ? ['Ninguna semana del mes ha comenzado.'] : []),
    ...weekRows.map(
      (w) =>
        `- ${weekLabel(w.week)}${w.week.weekStart === current ? ' (en curso)' : ''}: esperados ${w.expected}, enviados ${w.sent}, borradores ${w.drafts}, cumplimiento ${percent(completionRate(w.sent, w.expected))}`,
    ),
    '',
    `Por persona (${people.length})`,
    ...people.map(
      (p) =>
        `- ${p.fullName} (${p.email}): ${p.sent} de ${p.expectedWeeks} semanas enviadas, ${p.drafts} borradores, cumplimiento ${percent(completionRate(p.sent, p.expectedWeeks))}`,
    ),
  ];

  return generated(query.format, `reporte-mensual-${query.month}`, csv, text);
}

function lastDayOfMonth(month: string): string {
  const [y = 0, m = 0] = month.split('-').map(Number);
  return format(new Date(y, m, 0), 'yyyy-MM-dd');
}

// ---------------------------------------------------------------------------------------------
// Ranged reports.

const rangeName = (base: string, q: RangeReportQuery) => `${base}-${q.from}_${q.to}`;

export async function userActivityReport(
  ctx: AppContext,
  query: RangeReportQuery,
): Promise<GeneratedReport> {
  const { tz, weeks, current } = await startedWeeks(ctx, mondaysBetween(query.from, query.to));
  const last = weeks[weeks.length - 1];
  // Only the weeks that have begun count: a range reaching into the future owes nothing there.
  const people = last ? await activityByPerson(ctx, query.from, last) : [];
  const csv = () => csvOf(USER_ACTIVITY_LAYOUT, people, { timeZone: tz });
  const text = () => [
    ...header(
      'Actividad de usuarios',
      `${rangeLabel(query.from, query.to)} (${weeksLabel(weeks.length, current)})`,
      ctx.clock(),
      tz,
    ),
    ...people.flatMap((p) => [
      `${p.fullName} (${p.email})`,
      `  Enviados: ${p.sent}; borradores: ${p.drafts}; último envío: ${dateTime(p.lastSentAt, tz)}`,
      `  Logro KPI promedio: ${percent(p.averageLogro)}; cumplimiento: ${percent(completionRate(p.sent, p.expectedWeeks))}`,
    ]),
    ...(people.length === 0 ? ['No hay usuarios que envíen APPA.'] : []),
  ];
  return generated(query.format, rangeName('actividad-usuarios', query), csv, text);
}

const byWeekThenName = (a: ReportSummaryData, b: ReportSummaryData) =>
  a.weekStart.localeCompare(b.weekStart);

export async function problemsHelpReport(
  ctx: AppContext,
  query: RangeReportQuery,
): Promise<GeneratedReport> {
  const withText = (column: AnyPgColumn) => sql`coalesce(btrim(${column}), '') <> ''`;
  const [tz, reports] = await Promise.all([
    organisationTimezone(ctx),
    loadReportSummaries(
      ctx,
      and(
        eq(appaSubmissions.status, 'ENVIADO'),
        inPeriod(query.from, query.to),
        or(withText(appaSubmissions.problemas), withText(appaSubmissions.ayuda)),
      ),
      null,
    ),
  ]);
  reports.sort(byWeekThenName);
  const csv = () => csvOf(PROBLEMS_HELP_LAYOUT, reports, { timeZone: tz });
  const text = () => [
    ...header('Problemas y ayuda', rangeLabel(query.from, query.to), ctx.clock(), tz),
    `APPAs con problemas o ayuda: ${reports.length}`,
    '',
    ...reports.flatMap((r) => [
      `${r.user.fullName} (${r.user.email}) — ${weekLabel(r)}`,
      `  Problemas: ${r.problemas.trim() || '—'}`,
      `  Ayuda: ${r.ayuda.trim() || '—'}`,
      '',
    ]),
  ];
  return generated(query.format, rangeName('problemas-y-ayuda', query), csv, text);
}

export async function kpiReport(
  ctx: AppContext,
  query: RangeReportQuery,
): Promise<GeneratedReport> {
  const [tz, rows] = await Promise.all([
    organisationTimezone(ctx),
    ctx.db
      .select({
        fullName: users.fullName,
        email: users.email,
        weekStart: appaSubmissions.weekStart,
        kpiNombre: appaSubmissions.kpiNombre,
        meta: appaSubmissions.kpiMetaPct,
        logro: appaSubmissions.kpiLogroPct,
      })
      .from(appaSubmissions)
      .innerJoin(users, eq(users.id, appaSubmissions.userId))
      .where(and(eq(appaSubmissions.status, 'ENVIADO'), inPeriod(query.from, query.to)))
      .orderBy(...spanishOrder(users.fullName), asc(users.id), asc(appaSubmissions.weekStart)),
  ]);
  const kpis = rows.map((r) => ({ ...r, achieved: kpiAchieved(r.meta, r.logro) }));
  const reached = kpis.filter((k) => k.achieved === true).length;
  const measured = kpis.filter((k) => k.achieved !== null).length;
  const csv = () => csvOf(KPI_LAYOUT, kpis, { timeZone: tz });
  const text = () => [
    ...header('KPI: logro frente a meta', rangeLabel(query.from, query.to), ctx.clock(), tz),
    `KPI medidos: ${measured}; logrados: ${reached} (${percent(completionRate(reached, measured))})`,
    '',
    ...kpis.map(
      (k) =>
        `- ${k.fullName}, semana del ${dayMonthYear(k.weekStart)}: ${k.kpiNombre?.trim() || '—'}; meta ${percent(k.meta)}; logro ${percent(k.logro)}; logrado: ${achievedText(k.achieved)}`,
    ),
  ];
  return generated(query.format, rangeName('kpi', query), csv, text);
}

export async function customReport(
  ctx: AppContext,
  query: RangeReportQuery,
): Promise<GeneratedReport> {
  const [tz, reports] = await Promise.all([
    organisationTimezone(ctx),
    loadReportSummaries(ctx, inPeriod(query.from, query.to), null),
  ]);
  reports.sort(byWeekThenName);
  const csv = () => csvOf(CUSTOM_LAYOUT, reports, { timeZone: tz });
  const text = () => [
    ...header('Reporte personalizado', rangeLabel(query.from, query.to), ctx.clock(), tz),
    `APPAs: ${reports.length}`,
    '',
    ...reports.flatMap((r) => [
      `${r.user.fullName} (${r.user.email}) — ${weekLabel(r)}`,
      `  Estado: ${STATUS_TEXT[r.status]}; enviado: ${dateTime(r.submittedAt, tz)}; archivos: ${r.fileCount}`,
      `  Avances: ${r.avances.trim() || '—'}`,
      `  Planes: ${r.planes.trim() || '—'}`,
      `  Problemas: ${r.problemas.trim() || '—'}`,
      `  Ayuda: ${r.ayuda.trim() || '—'}`,
      `  KPI: ${r.kpiNombre.trim() || '—'}; meta ${percent(r.kpiMetaPct)}; logro ${percent(r.kpiLogroPct)}`,
      `  Revisión: ${r.reviewedAt ? `${dateTime(r.reviewedAt, tz)} por ${r.reviewer?.fullName ?? '—'}` : 'sin revisar'}${r.reviewNotesHistory.length ? `; notas: ${reviewNotesText(r.reviewNotesHistory, '; ')}` : ''}`,
      '',
    ]),
  ];
  return generated(query.format, rangeName('reporte-personalizado', query), csv, text);
}
