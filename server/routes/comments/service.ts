import type { FastifyBaseLogger } from 'fastify';
import { eq, type SQL } from 'drizzle-orm';
import { PANEL_MSG, type ReviewComment } from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { reviewComments } from '../../db/schema';
import { loadComments } from '../../domain/comments';
import { loadWithReport } from '../../domain/reports';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { commentAbilities, type CommentRef } from '../../policies/comment';
import { loadReportFacts, reportAbilities, type ReportRef } from '../../policies/report';
import { announce, announcing } from '../../events/announce';
import type { Person, ReportAbout } from '../../events/catalogue';

/**
 * The comments matching `where`, all about `report`, each with what `viewer` may do with it now.
 */
async function loadViewedComments(
  ctx: AppContext,
  viewer: Actor,
  report: ReportRef,
  where: SQL,
): Promise<ReviewComment[]> {
  const [comments, factsOf] = await Promise.all([
    loadComments(ctx, where),
    loadReportFacts(ctx, viewer, [report]),
  ]);
  const { comment: commentsOnReport, reply: repliesOnReport } = reportAbilities(
    viewer,
    factsOf(report),
  );
  return comments.map((c) => ({
    ...c,
    abilities: commentAbilities(viewer, { ...c, commentsOnReport, repliesOnReport }),
  }));
}

/** A comment the actor has just written or edited. */
async function loadComment(
  ctx: AppContext,
  viewer: Actor,
  report: ReportRef,
  id: string,
): Promise<ReviewComment> {
  const [comment] = await loadViewedComments(ctx, viewer, report, eq(reviewComments.id, id));
  if (!comment) throw notFound(PANEL_MSG.commentNotFound);
  return comment;
}

/** A report's review comments and their replies, oldest first. */
export async function listComments(ctx: AppContext, viewer: Actor, report: ReportRef) {
  return loadViewedComments(ctx, viewer, report, eq(reviewComments.submissionId, report.id));
}

/** A comment with the report it is about, what deciding on it needs; 404 when there is none. */
export function loadCommentRef(
  ctx: AppContext,
  id: string,
): Promise<CommentRef & { report: { weekStart: string } }> {
  const fields = {
    id: reviewComments.id,
    reviewerId: reviewComments.reviewerId,
    parentId: reviewComments.parentId,
  };
  return loadWithReport(ctx, reviewComments, fields, id, PANEL_MSG.commentNotFound);
}

/** A comment, or an answer to `parentId` (a top-level comment of the same report). */
export async function addComment(
  ctx: AppContext,
  log: FastifyBaseLogger,
  actor: Actor & Person,
  report: ReportAbout,
  comment: string,
  parent: { id: string; reviewerId: string } | null = null,
): Promise<ReviewComment> {
  const now = ctx.clock();
  const parentId = parent?.id ?? null;
  const saved = await announcing(ctx, log, async (tx) => {
    const [row] = await tx
      .insert(reviewComments)
      .values({
        submissionId: report.id,
        reviewerId: actor.id,
        parentId,
        comment,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: reviewComments.id });
    if (!row) throw new Error('comment not inserted');
    const about = { actor, report, commentId: row.id, at: now };
    await announce(
      tx,
      parent
        ? { name: 'comment.replied', ...about, parentId: parent.id, answeredId: parent.reviewerId }
        : { name: 'comment.created', ...about },
    );
    return row;
  });
  return loadComment(ctx, actor, report, saved.id);
}

/** The new text; updatedAt moves, which the client shows as 'editado'. */
export async function editComment(
  ctx: AppContext,
  log: FastifyBaseLogger,
  actor: Actor & Person,
  report: ReportAbout,
  id: string,
  comment: string,
): Promise<ReviewComment> {
  const now = ctx.clock();
  await announcing(ctx, log, async (tx) => {
    await tx
      .update(reviewComments)
      .set({ comment, updatedAt: now })
      .where(eq(reviewComments.id, id));
    await announce(tx, { name: 'comment.updated', actor, report, commentId: id, at: now });
  });
  return loadComment(ctx, actor, report, id);
}
