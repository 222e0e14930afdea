import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MSG } from '../../../common/messages';
import {
  OPEN_TASK_STATUSES,
  PANEL_MSG,
  type MarkSubmittedInput,
  type PanelAuthor,
  type ReportSummary,
  type PendingAuthor,
  type ReviewNote,
  type SubmissionMessage,
  type WeekPage,
  type WeekPageParams,
  type WeekResponse,
  PENDING_PREVIEW,
} from '../../../common/schemas/panel';
import {
  filterByReview,
  filterPending,
  filterSubmissions,
  paginate,
  reviewableOf,
  reviewCounts,
} from '../../../common/week-filters';
import { weekFromStart, weekOf } from '../../../common/week';
import type { AppContext } from '../../context';
import { compareSpanish } from '../../../common/text';
import {
  appaFiles,
  appaSubmissions,
  reviewComments,
  reviewNotes,
  reviewTasks,
  users,
} from '../../db/schema';
import { areaPeople, type Area } from '../../domain/hierarchy';
import {
  areaKey,
  areaMembers,
  authorColumns,
  byName,
  inArea,
  weekAreaDay,
  weekPeople,
  type WeekPerson,
} from '../../domain/week-people';
import { reportsByRole } from '../../policies/actor';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { withReportAbilities } from '../../policies/report';
import {
  presentAuthor,
  presentReportSummary,
  presentReviewNote,
  type ReportSummaryData,
} from '../../presenters/panel';
import { announce, announcing } from '../../events/announce';
import type { Person } from '../../events/catalogue';
import { keptSettings } from '../../services/settings';
import { spanishOrder } from '../../db/spanish-order';

const reviewer = alias(users, 'reviewer');
const marker = alias(users, 'marker');
const noteAuthor = alias(users, 'note_author');

const openStatuses = sql.join(
  OPEN_TASK_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The panel's reports matching `where`, in two statements: the reports with the author, reviewer
 * and marker joined and the counts as correlated subqueries served by the submission_id indexes,
 * then every reviewer's notes on those reports by id (no N+1). Drafts show their content to
 * `readerId` alone, their author (null: to nobody). Without the viewer's abilities:
 * `withReportAbilities` adds them for whoever the answer is for.
 */
export async function loadReportSummaries(
  ctx: AppContext,
  where: SQL | undefined,
  readerId: string | null,
): Promise<ReportSummaryData[]> {
  const rows = await loadReportRows(ctx, where);
  const notesOf = await loadNotes(
    ctx,
    rows.map((r) => r.report.id),
  );
  return rows.map((row) =>
    presentReportSummary({ ...row, notes: notesOf.get(row.report.id) ?? [] }, readerId),
  );
}

function loadReportRows(ctx: AppContext, where: SQL | undefined) {
  return ctx.db
    .select({
      report: appaSubmissions,
      author: authorColumns,
      reviewer: { id: reviewer.id, fullName: reviewer.fullName },
      marker: { id: marker.id, fullName: marker.fullName },
      fileCount: sql<number>`(select count(*) from ${appaFiles} where ${appaFiles.submissionId} = ${appaSubmissions.id})::int`,
      commentCount: sql<number>`(select count(*) from ${reviewComments} where ${reviewComments.submissionId} = ${appaSubmissions.id})::int`,
      openTaskCount: sql<number>`(select count(*) from ${reviewTasks} where ${reviewTasks.submissionId} = ${appaSubmissions.id} and ${reviewTasks.status} in (${openStatuses}))::int`,
    })
    .from(appaSubmissions)
    .innerJoin(users, eq(users.id, appaSubmissions.userId))
    .leftJoin(reviewer, eq(reviewer.id, appaSubmissions.reviewedBy))
    .leftJoin(marker, eq(marker.id, appaSubmissions.markedSubmittedById))
    .where(where)
    .orderBy(...spanishOrder(users.fullName), asc(appaSubmissions.id));
}

/** Every reviewer's notes on these reports, oldest first, by report. */
async function loadNotes(ctx: AppContext, reportIds: string[]) {
  const byReport = new Map<string, ReviewNote[]>();
  // Most reports have no notes: look them up by id (the unique index's first column) rather
  // than running the reports' own filter twice.
  if (reportIds.length === 0) return byReport;
  const rows = await ctx.db
    .select({
      submissionId: reviewNotes.submissionId,
      note: reviewNotes,
      author: { id: noteAuthor.id, fullName: noteAuthor.fullName },
    })
    .from(reviewNotes)
    .leftJoin(noteAuthor, eq(noteAuthor.id, reviewNotes.authorId))
    .where(inArray(reviewNotes.submissionId, reportIds))
    .orderBy(asc(reviewNotes.createdAt), asc(reviewNotes.id));
  for (const row of rows) {
    const notes = byReport.get(row.submissionId) ?? [];
    notes.push(presentReviewNote(row));
    byReport.set(row.submissionId, notes);
  }
  return byReport;
}

/** One report as the panel shows it to `viewer`; 404 when there is none. */
export async function loadReportSummary(
  ctx: AppContext,
  viewer: Actor,
  id: string,
): Promise<ReportSummary> {
  const [row] = await withReportAbilities(
    ctx,
    viewer,
    await loadReportSummaries(ctx, eq(appaSubmissions.id, id), viewer.id),
  );
  if (!row) throw notFound(PANEL_MSG.reportNotFound);
  return row;
}

/**
 * Whether `userId` wrote any report: the organisation's week is one answer for everyone who reads
 * it except those who also wrote in it (their own reports carry abilities nobody else has).
 */
export async function hasOwnReports(ctx: AppContext, userId: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: appaSubmissions.id })
    .from(appaSubmissions)
    .where(eq(appaSubmissions.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** What a permission decision needs of a report; 404 when there is none. */
export async function loadReportRef(ctx: AppContext, id: string) {
  const [row] = await ctx.db
    .select({
      id: appaSubmissions.id,
      userId: appaSubmissions.userId,
      status: appaSubmissions.status,
      weekStart: appaSubmissions.weekStart,
      reviewedAt: appaSubmissions.reviewedAt,
    })
    .from(appaSubmissions)
    .where(eq(appaSubmissions.id, id))
    .limit(1);
  if (!row) throw notFound(PANEL_MSG.reportNotFound);
  return row;
}

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

/**
 * GET /api/appa: every report of the week with what `viewer` may do with each, the expected
 * authors without a sent one, the teams and the tiles.
 */
export async function listWeek(
  ctx: AppContext,
  viewer: Actor,
  weekStart: string | undefined,
  area?: Area | null,
): Promise<WeekResponse> {
  const week = await loadWeek(ctx, weekStart, viewer.id, area);
  return { ...week, submissions: await withReportAbilities(ctx, viewer, week.submissions) };
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

/**
 * GET /api/appa/week: one page of the week as its filters choose (common/week-filters.ts, the
 * rules the browser used when it filtered the whole week itself), with the tiles and the counters
 * that do not depend on the filters. Only the page's reports are loaded whole.
 */
export async function pageOfWeek(
  ctx: AppContext,
  viewer: Actor,
  index: WeekIndex,
  query: WeekPageParams,
): Promise<WeekPage> {
  const filters = { search: query.q, status: query.status, team: query.team };
  const pendingView = query.status === 'pendientes';
  const rows = pendingView
    ? filterPending(index.pending, filters)
    : filterByReview(filterSubmissions(index.reports, filters), query.review);
  const {
    rows: shown,
    page,
    pageCount,
  } = paginate<IndexedReport | PendingAuthor>(rows, query.page, query.pageSize);
  const ids = pendingView ? [] : shown.map((r) => r.id);
  const loaded = ids.length
    ? await withReportAbilities(
        ctx,
        viewer,
        await loadReportSummaries(ctx, inArray(appaSubmissions.id, ids), viewer.id),
      )
    : [];
  const byId = new Map(loaded.map((s) => [s.id, s]));
  const { reports: _reports, ...week } = index;
  return {
    ...week,
    // In the index's order; a report deleted since the index was built drops out.
    submissions: ids.flatMap((id) => byId.get(id) ?? []),
    pending: pendingView ? (shown as PendingAuthor[]) : [],
    pendingPreview: index.pending.slice(0, PENDING_PREVIEW),
    review: reviewCounts(reviewableOf(index.reports)),
    total: rows.length,
    page,
    pageCount,
    pageSize: query.pageSize,
  };
}

/** What a week's index takes in memory, roughly, as the read cache counts it. */
export const weekIndexBytes = (index: WeekIndex) =>
  index.reports.length * 400 + (index.pending.length + index.absent.length) * 300;

/**
 * An administrator records that the author sent the week by other means: the draft, if any, keeps
 * its text and becomes ENVIADO; a sent report is a 409.
 */
export async function markSubmitted(
  ctx: AppContext,
  log: FastifyBaseLogger,
  admin: Actor & Person,
  input: MarkSubmittedInput,
): Promise<SubmissionMessage> {
  const [author] = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!author) throw notFound(MSG.userNotFound);
  // Only a role that never reports is refused: a suspended person's report can still be recorded.
  if (!reportsByRole(author.role)) throw badRequest(PANEL_MSG.notExpectedAuthor);

  const now = ctx.clock();
  const fields = {
    status: 'ENVIADO' as const,
    submittedAt: now,
    markedSubmittedById: admin.id,
    updatedAt: now,
  };
  const week = weekFromStart(input.weekStart);
  const saved = await announcing(ctx, log, async (tx) => {
    // Only a draft is turned; a concurrent send leaves one winner and one 409.
    const [row] = await tx
      .insert(appaSubmissions)
      .values({ userId: author.id, ...week, ...fields, createdAt: now })
      .onConflictDoUpdate({
        target: [appaSubmissions.userId, appaSubmissions.weekStart],
        set: fields,
        setWhere: sql`${appaSubmissions.status} = 'BORRADOR'`,
      })
      .returning({ id: appaSubmissions.id });
    if (!row) throw conflict(PANEL_MSG.alreadySent);
    await announce(tx, {
      name: 'report.sent',
      actor: admin,
      report: { id: row.id, userId: author.id, status: fields.status, ...week },
      marked: true,
      at: now,
    });
    return row;
  });
  return {
    message: PANEL_MSG.markedSubmitted,
    submission: await loadReportSummary(ctx, admin, saved.id),
  };
}
