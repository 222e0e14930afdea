import { asc, eq, type SQL } from 'drizzle-orm';
import { PANEL_MSG, type ReviewComment } from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { appaSubmissions, reviewComments, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { commentAbilities, type CommentRef } from '../../policies/comment';
import { can as canOnReport, loadReportFacts, type ReportRef } from '../../policies/report';
import { presentComment, type CommentData } from '../../presenters/panel';
import { audit } from '../../services/audit';

/** The comments matching `where`, oldest first, without the viewer's abilities (the exports). */
export async function loadComments(ctx: AppContext, where: SQL): Promise<CommentData[]> {
  const rows = await ctx.db
    .select({
      id: reviewComments.id,
      submissionId: reviewComments.submissionId,
      comment: reviewComments.comment,
      reviewerId: reviewComments.reviewerId,
      reviewerName: users.fullName,
      createdAt: reviewComments.createdAt,
      updatedAt: reviewComments.updatedAt,
    })
    .from(reviewComments)
    .innerJoin(users, eq(users.id, reviewComments.reviewerId))
    .where(where)
    .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id));
  return rows.map(presentComment);
}

/**
 * The comments matching `where`, all about one report, each with what `viewer` may do with it;
 * `commentsOnReport` says whether the viewer may comment on that report now.
 */
async function loadViewedComments(
  ctx: AppContext,
  viewer: Actor,
  where: SQL,
  commentsOnReport: boolean,
): Promise<ReviewComment[]> {
  const comments = await loadComments(ctx, where);
  return comments.map((c) => ({
    ...c,
    abilities: commentAbilities(viewer, { ...c, commentsOnReport }),
  }));
}

/** A comment the actor has just written or edited: they may comment on its report. */
async function loadComment(ctx: AppContext, viewer: Actor, id: string): Promise<ReviewComment> {
  const [comment] = await loadViewedComments(ctx, viewer, eq(reviewComments.id, id), true);
  if (!comment) throw notFound(PANEL_MSG.commentNotFound);
  return comment;
}

/** A report's review comments, oldest first. */
export async function listComments(ctx: AppContext, viewer: Actor, report: ReportRef) {
  const factsOf = await loadReportFacts(ctx, viewer, [report]);
  const commentsOnReport = canOnReport(viewer, 'report:comment', factsOf(report));
  return loadViewedComments(
    ctx,
    viewer,
    eq(reviewComments.submissionId, report.id),
    commentsOnReport,
  );
}

/** A comment with the report it is about, what deciding on it needs; 404 when there is none. */
export async function loadCommentRef(
  ctx: AppContext,
  id: string,
): Promise<CommentRef & { report: { weekStart: string } }> {
  const [row] = await ctx.db
    .select({
      id: reviewComments.id,
      reviewerId: reviewComments.reviewerId,
      report: {
        id: appaSubmissions.id,
        userId: appaSubmissions.userId,
        status: appaSubmissions.status,
        weekStart: appaSubmissions.weekStart,
      },
    })
    .from(reviewComments)
    .innerJoin(appaSubmissions, eq(appaSubmissions.id, reviewComments.submissionId))
    .where(eq(reviewComments.id, id))
    .limit(1);
  if (!row) throw notFound(PANEL_MSG.commentNotFound);
  return row;
}

export async function addComment(
  ctx: AppContext,
  actor: Actor,
  submissionId: string,
  comment: string,
): Promise<ReviewComment> {
  const now = ctx.clock();
  const [saved] = await ctx.db
    .insert(reviewComments)
    .values({ submissionId, reviewerId: actor.id, comment, createdAt: now, updatedAt: now })
    .returning({ id: reviewComments.id });
  if (!saved) throw new Error('comment not inserted');
  await audit(ctx.db, {
    actorId: actor.id,
    action: 'review_comment.created',
    entity: 'review_comment',
    entityId: saved.id,
    meta: { submissionId },
  });
  return loadComment(ctx, actor, saved.id);
}

/** The new text; updatedAt moves, which the client shows as 'editado'. */
export async function editComment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  comment: string,
): Promise<ReviewComment> {
  await ctx.db
    .update(reviewComments)
    .set({ comment, updatedAt: ctx.clock() })
    .where(eq(reviewComments.id, id));
  await audit(ctx.db, {
    actorId: actor.id,
    action: 'review_comment.updated',
    entity: 'review_comment',
    entityId: id,
  });
  return loadComment(ctx, actor, id);
}
