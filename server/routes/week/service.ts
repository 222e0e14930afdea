import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import {
  PANEL_MSG,
  PENDING_PREVIEW,
  type MarkSubmittedInput,
  type PendingAuthor,
  type SubmissionMessage,
  type WeekPage,
  type WeekPageParams,
  type WeekResponse,
} from '../../../common/schemas/panel';
import {
  filterByReview,
  filterPending,
  filterSubmissions,
  paginate,
  reviewableOf,
  reviewCounts,
} from '../../../common/week-filters';
import { weekFromStart } from '../../../common/week';
import type { LeaderWeekResponse } from '../../../common/schemas/dashboard';
import type { AppContext } from '../../context';
import { appaSubmissions, lateralSharing, users, type UserRow } from '../../db/schema';
import type { Area } from '../../domain/hierarchy';
import { loadReportSummaries, loadReportSummary } from '../../domain/reports';
import { loadShares } from '../../domain/shares';
import { dashboardWeek, loadWeek, type IndexedReport, type WeekIndex } from '../../domain/week';
import { reportsByRole } from '../../policies/actor';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { withReportAbilities } from '../../policies/report';
import { liveShare } from '../../policies/share';
import { announce, announcing } from '../../events/announce';
import type { Person } from '../../events/catalogue';

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

/**
 * GET /api/appa for a LIDER: their report of the week, its live shares, and the reports of that
 * week shared with them by a live share.
 */
export async function leaderWeek(
  ctx: AppContext,
  viewer: Pick<UserRow, 'id' | 'role' | 'timezone'>,
  weekStart: string | undefined,
): Promise<LeaderWeekResponse> {
  const week = dashboardWeek(ctx, viewer, weekStart);
  const [ownReport] = await loadReportSummaries(
    ctx,
    and(eq(appaSubmissions.userId, viewer.id), eq(appaSubmissions.weekStart, week.weekStart)),
    viewer.id,
  );
  const ownShares = ownReport
    ? await loadShares(
        ctx,
        viewer,
        and(eq(lateralSharing.submissionId, ownReport.id), liveShare(ctx)),
      )
    : [];
  const ofTheWeek = ctx.db
    .select({ id: appaSubmissions.id })
    .from(appaSubmissions)
    .where(eq(appaSubmissions.weekStart, week.weekStart));
  const incoming = await loadShares(
    ctx,
    viewer,
    and(
      eq(lateralSharing.sharedWithId, viewer.id),
      inArray(lateralSharing.submissionId, ofTheWeek),
      liveShare(ctx),
    ),
  );
  const reports = incoming.length
    ? await loadReportSummaries(
        ctx,
        inArray(
          appaSubmissions.id,
          incoming.map((s) => s.submissionId),
        ),
        viewer.id,
      )
    : [];
  // The viewer's own report and those shared with them get their abilities together.
  const viewed = await withReportAbilities(ctx, viewer, [
    ...(ownReport ? [ownReport] : []),
    ...reports,
  ]);
  const own = viewed.find((report) => report.id === ownReport?.id) ?? null;
  const shared = viewed.flatMap((report) => {
    const share = incoming.find((s) => s.submissionId === report.id);
    return share ? [{ ...report, share }] : [];
  });
  return { ...week, own, ownShares, shared };
}
