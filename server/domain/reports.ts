import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import {
  OPEN_TASK_STATUSES,
  PANEL_MSG,
  type ReportSummary,
  type ReviewNote,
} from '../../common/schemas/panel';
import type { AppContext } from '../context';
import {
  appaFiles,
  appaSubmissions,
  reviewComments,
  reviewNotes,
  reviewTasks,
  users,
} from '../db/schema';
import { spanishOrder } from '../db/spanish-order';
import { notFound } from '../lib/errors';
import type { Actor } from '../policies/actor';
import { withReportAbilities } from '../policies/report';
import {
  presentReportSummary,
  presentReviewNote,
  type ReportSummaryData,
} from '../presenters/panel';
import { authorColumns } from './week-people';

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

/** What a permission decision needs of the report a comment, task, share or file belongs to. */
const reportOfRow = {
  id: appaSubmissions.id,
  userId: appaSubmissions.userId,
  status: appaSubmissions.status,
  weekStart: appaSubmissions.weekStart,
};

/**
 * The row of `table` with this id, its `fields` beside the report it belongs to (through its
 * `submissionId`), what deciding on it needs; 404 with `missing` when there is none.
 */
export async function loadWithReport<Fields extends SelectedFields>(
  ctx: AppContext,
  table: PgTable & { id: PgColumn; submissionId: PgColumn },
  fields: Fields,
  id: string,
  missing: string,
) {
  const [row] = await ctx.db
    .select({ ...fields, report: reportOfRow })
    .from(table)
    .innerJoin(appaSubmissions, eq(appaSubmissions.id, table.submissionId))
    .where(eq(table.id, id))
    .limit(1);
  if (!row) throw notFound(missing);
  return row;
}
