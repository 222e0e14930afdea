import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { OPEN_TASK_STATUSES } from '../../../common/schemas/panel';
import type { MyReport, Preferences } from '../../../common/schemas/me';
import type { AppContext } from '../../context';
import {
  appaSubmissions,
  notifications,
  reviewComments,
  reviewTasks,
  users,
} from '../../db/schema';

/** Mis reportes: the person's own reports, newest week first, with what came back on each. */
export async function listMyReports(ctx: AppContext, userId: string): Promise<MyReport[]> {
  const comments = ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewComments)
    .where(eq(reviewComments.submissionId, appaSubmissions.id));
  const openTasks = ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewTasks)
    .where(
      and(
        eq(reviewTasks.submissionId, appaSubmissions.id),
        inArray(reviewTasks.status, [...OPEN_TASK_STATUSES]),
      ),
    );
  const rows = await ctx.db
    .select({
      id: appaSubmissions.id,
      weekStart: appaSubmissions.weekStart,
      weekEnd: appaSubmissions.weekEnd,
      status: appaSubmissions.status,
      submittedAt: appaSubmissions.submittedAt,
      reviewedAt: appaSubmissions.reviewedAt,
      reviewerId: users.id,
      reviewerName: users.fullName,
      commentCount: sql<number>`(${comments})`,
      openTaskCount: sql<number>`(${openTasks})`,
    })
    .from(appaSubmissions)
    .leftJoin(users, eq(users.id, appaSubmissions.reviewedBy))
    .where(eq(appaSubmissions.userId, userId))
    .orderBy(desc(appaSubmissions.weekStart));
  return rows.map((row) => ({
    id: row.id,
    weekStart: row.weekStart,
    weekEnd: row.weekEnd,
    status: row.status,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    reviewed: row.reviewedAt !== null,
    reviewedBy:
      row.reviewerId && row.reviewerName
        ? { id: row.reviewerId, fullName: row.reviewerName }
        : null,
    commentCount: Number(row.commentCount),
    openTaskCount: Number(row.openTaskCount),
  }));
}

export async function loadPreferences(ctx: AppContext, userId: string): Promise<Preferences> {
  const [row] = await ctx.db
    .select({ notifyEmail: users.notifyEmail })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { notifyEmail: row?.notifyEmail ?? 'immediate' };
}

export async function savePreferences(
  ctx: AppContext,
  userId: string,
  preferences: Preferences,
): Promise<Preferences> {
  const now = ctx.clock();
  await ctx.db
    .update(users)
    .set({ notifyEmail: preferences.notifyEmail, updatedAt: now })
    .where(eq(users.id, userId));
  // Leaving the daily summary: what it still held is not mailed weeks later on a return to it.
  if (preferences.notifyEmail !== 'daily') {
    await ctx.db
      .update(notifications)
      .set({ mailedAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.mailedAt)));
  }
  return preferences;
}
