import { asc, eq, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import { reviewComments, users } from '../db/schema';
import { presentComment, type CommentData } from '../presenters/panel';

/** The comments matching `where`, oldest first, without the viewer's abilities (the exports). */
export async function loadComments(ctx: AppContext, where: SQL): Promise<CommentData[]> {
  const rows = await ctx.db
    .select({
      id: reviewComments.id,
      submissionId: reviewComments.submissionId,
      comment: reviewComments.comment,
      reviewerId: reviewComments.reviewerId,
      reviewerName: users.fullName,
      parentId: reviewComments.parentId,
      createdAt: reviewComments.createdAt,
      updatedAt: reviewComments.updatedAt,
    })
    .from(reviewComments)
    .innerJoin(users, eq(users.id, reviewComments.reviewerId))
    .where(where)
    .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id));
  return rows.map(presentComment);
}

/** Who wrote in a comment's thread: the comment's author and everyone who answered it. */
export async function threadWriters(ctx: AppContext, commentId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ id: reviewComments.reviewerId })
    .from(reviewComments)
    .where(or(eq(reviewComments.id, commentId), eq(reviewComments.parentId, commentId)));
  return rows.map((row) => row.id);
}
