import { and, eq } from 'drizzle-orm';
import type {
  PanelAuthor,
  PendingAuthor,
  ReportSummary,
  WeekResponse,
} from '../../common/schemas/panel';
import { compareSpanish } from '../../common/text';
import { weekFromStart, weekOf } from '../../common/week';
import type { AppContext } from '../context';
import { appaSubmissions, type UserRow } from '../db/schema';
import type { ReportSummaryData } from '../presenters/panel';
import { presentAuthor } from '../presenters/panel';
import { keptSettings } from '../services/settings';
import { areaPeople, type Area } from './hierarchy';
import { loadReportSummaries } from './reports';
import {
  areaKey,
  areaMembers,
  byName,
  inArea,
  weekAreaDay,
  weekPeople,
  type WeekPerson,
} from './week-people';

/**
 * The week asked for, or the current one in the organisation's timezone (the panel's default
 * week), with that timezone.
 */
export async function panelWeek(ctx: AppContext, weekStart: string | undefined) {
  const { organisationTimezone: timeZone } = await keptSettings(ctx);
  return { ...weekFromStart(weekStart ?? weekOf(ctx.clock(), timeZone).weekStart), timeZone };
}

/** A week of reports before a viewer's abilities are added: what the weekly export reads. */
export type WeekData = Omit<WeekResponse, 'submissions'> & { submissions: ReportSummaryData[] };

/** The week a dashboard shows: the one asked for, or the current week in the viewer's timezone. */
export function dashboardWeek(
  ctx: AppContext,
  viewer: Pick<UserRow, 'timezone'>,
  weekStart: string | undefined,
) {
  return weekStart ? weekFromStart(weekStart) : weekOf(ctx.clock(), viewer.timezone);
}

/**
 * Every report of the week, the expected authors without a sent one, the teams and the tiles.
 * `area` narrows everything to the people below someone; absent, the whole organisation. Drafts
 * show their content to `readerId` alone.
 */
export async function loadWeek(
  ctx: AppContext,
  weekStart: string | undefined,
  readerId: string | null,
  area?: Area | null,
): Promise<WeekData> {
  const week = await panelWeek(ctx, weekStart);
  // A finished week shows the area as it stood then.
  const day = area ? await weekAreaDay(ctx, week.weekStart) : undefined;
  const submissions = await loadReportSummaries(
    ctx,
    and(eq(appaSubmissions.weekStart, week.weekStart), area ? areaPeople(area, day) : undefined),
    readerId,
  );
  submissions.sort((a, b) => byName(a.user, b.user));
  const people = inArea(
    await weekPeople(ctx, week.weekStart),
    await areaMembers(ctx, area, week.weekStart),
  );
  const { pending, absent, teams, expected } = await pendingOf(ctx, week.weekStart, area, people);
  return {
    ...week,
    submissions,
    pending,
    absent,
    teams,
    counts: {
      expected,
      sent: submissions.filter((s) => s.status === 'ENVIADO').length,
      drafts: submissions.filter((s) => s.status === 'BORRADOR').length,
      pending: pending.length,
      // Attachments of sent reports: a draft's are its author's alone.
      files: submissions.reduce((sum, s) => sum + (s.status === 'ENVIADO' ? s.fileCount : 0), 0),
    },
  };
}

/**
 * What the week's lists show of a person and their report, kept beside the row it was made from: a
 * week's row is replaced only when that person's report or people change, so the index computed
 * again after a write presents the rows written since, not every person of the organisation.
 */
const presented = new WeakMap<
  WeekPerson,
  { pending: PendingAuthor | null; report: IndexedReport | null }
>();

function presentedOf(person: WeekPerson) {
  let kept = presented.get(person);
  if (!kept) {
    const { report } = person;
    kept = {
      pending:
        person.expected && report?.status !== 'ENVIADO'
          ? { ...presentAuthor(person), draft: report?.status === 'BORRADOR' }
          : null,
      report: report
        ? {
            id: report.id,
            status: report.status,
            reviewedAt: report.reviewedAt,
            user: presentAuthor(person),
          }
        : null,
    };
    presented.set(person, kept);
  }
  return kept;
}

/**
 * The week's expected authors: how many, those without a sent report, and their teams (which
 * follow people alone, and are kept until people change).
 */
async function pendingOf(
  ctx: AppContext,
  weekStart: string,
  area: Area | null | undefined,
  people: readonly WeekPerson[],
) {
  const pending: PendingAuthor[] = [];
  const absent: PanelAuthor[] = [];
  let expected = 0;
  for (const person of people) {
    if (person.absent) absent.push(presentAuthor(person));
    if (!person.expected) continue;
    expected += 1;
    const shown = presentedOf(person).pending;
    if (shown) pending.push(shown);
  }
  const teams = await ctx.readCache.value(
    `week-teams:${weekStart}:${area ? areaKey(area) : 'organisation'}`,
    async () =>
      [
        ...new Set(
          people.flatMap((p) =>
            p.expected && p.unidadOrganizacional ? [p.unidadOrganizacional] : [],
          ),
        ),
      ].sort(compareSpanish),
    (list) => 64 * list.length,
    'people',
  );
  return { pending, absent, teams, expected };
}

/** What the week's filters, tiles and counters need of a report: no texts, no counts. */
export interface IndexedReport {
  id: string;
  status: ReportSummary['status'];
  reviewedAt: string | null;
  user: PanelAuthor;
}

/**
 * The week as its pages are cut from it: every report's status and author (not its texts, which
 * are most of the bytes), the pending people, the teams and the tiles.
 */
export type WeekIndex = Omit<WeekResponse, 'submissions'> & { reports: IndexedReport[] };

export async function weekIndex(
  ctx: AppContext,
  weekStart: string | undefined,
  area?: Area | null,
): Promise<WeekIndex> {
  const week = await panelWeek(ctx, weekStart);
  const people = inArea(
    await weekPeople(ctx, week.weekStart),
    await areaMembers(ctx, area, week.weekStart),
  );
  const reports: IndexedReport[] = [];
  let files = 0;
  for (const person of people) {
    const report = presentedOf(person).report;
    if (report) reports.push(report);
    if (person.report?.status === 'ENVIADO') files += person.report.fileCount;
  }
  const { pending, absent, teams, expected } = await pendingOf(ctx, week.weekStart, area, people);
  return {
    ...week,
    reports,
    pending,
    absent,
    teams,
    counts: {
      expected,
      sent: reports.filter((s) => s.status === 'ENVIADO').length,
      drafts: reports.filter((s) => s.status === 'BORRADOR').length,
      pending: pending.length,
      files,
    },
  };
}

/** What a week's index takes in memory, roughly, as the read cache counts it. */
export const weekIndexBytes = (index: WeekIndex) =>
  index.reports.length * 400 + (index.pending.length + index.absent.length) * 300;
