import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users, type SubmissionRow, type UserRow } from '../db/schema';
import { forbidden } from '../lib/errors';
import { audit } from '../services/audit';
import { can } from '.';

/**
 * Who may list, review, comment on and assign tasks about reports (DESIGN.md "Permissions"). Issue 6
 * widens reading to the hierarchy and to lateral shares here and in `can`; routes only call the
 * `authorize*` functions below.
 */
export type ReviewAction =
  /** The week's reports of everyone (GET /api/appa). */
  | 'reports:list'
  /** Comments and tasks of a report: whoever may read it, and its reviewers. */
  | 'review:read'
  /** Mark reviewed and create review tasks. */
  | 'report:review'
  /** Add a review comment. */
  | 'report:comment';

type Actor = Pick<UserRow, 'id' | 'role'>;
type ReportRef = Pick<SubmissionRow, 'id' | 'userId' | 'status'>;

/** Longest managerId chain walked; deeper (or cyclic) hierarchies stop here. */
const MAX_CHAIN_DEPTH = 100;

/**
 * Whether `managerId` is above `authorId` in the hierarchy (their manager, or a manager's, ...).
 * One lookup per level: chains are a handful of levels deep, and a cycle stops at the cap.
 */
export async function isAbove(
  ctx: AppContext,
  managerId: string,
  authorId: string,
): Promise<boolean> {
  let current: string | null = authorId;
  for (let depth = 0; current && depth < MAX_CHAIN_DEPTH; depth++) {
    const [row] = await ctx.db
      .select({ managerId: users.managerId })
      .from(users)
      .where(eq(users.id, current))
      .limit(1);
    current = row?.managerId ?? null;
    if (current === managerId) return true;
  }
  return false;
}

/** Reads every report of every week: the panel and the board. */
export function canListReports(user: Pick<UserRow, 'role'>): boolean {
  return user.role === 'ADMIN' || user.role === 'CONSEJO';
}

/** A reviewer is ADMIN, CONSEJO or anyone above the author; never the author themself. */
export async function canReview(ctx: AppContext, user: Actor, report: ReportRef) {
  if (user.role === 'ADMIN' || user.role === 'CONSEJO') return true;
  if (report.userId === user.id) return false;
  return isAbove(ctx, user.id, report.userId);
}

/**
 * Hook for issue 6: a lateral share with `comment` permission lets the peer comment. No share
 * grants anything yet.
 */
async function sharedForComment(
  _ctx: AppContext,
  _user: Actor,
  _report: ReportRef,
): Promise<boolean> {
  return false;
}

export async function canReviewAction(
  ctx: AppContext,
  user: Actor,
  action: Exclude<ReviewAction, 'reports:list'>,
  report: ReportRef,
): Promise<boolean> {
  switch (action) {
    case 'review:read':
      return can(user, 'report:read', report) || canReview(ctx, user, report);
    case 'report:review':
      return canReview(ctx, user, report);
    case 'report:comment':
      return (await canReview(ctx, user, report)) || sharedForComment(ctx, user, report);
  }
}

/** Audits the refusal and throws the 403. */
async function refuse(
  ctx: AppContext,
  user: Actor,
  attempted: string,
  entity: string,
  entityId?: string,
): Promise<never> {
  await audit(ctx.db, {
    actorId: user.id,
    action: 'security.permission_refused',
    entity,
    entityId: entityId ?? null,
    meta: { attempted },
  });
  throw forbidden();
}

export async function authorizeListReports(ctx: AppContext, user: Actor): Promise<void> {
  if (!canListReports(user)) await refuse(ctx, user, 'reports:list', 'appa_submission');
}

/** Throws a 403 (audited) unless `user` may do `action` to the report. */
export async function authorizeReview(
  ctx: AppContext,
  user: Actor,
  action: Exclude<ReviewAction, 'reports:list'>,
  report: ReportRef,
): Promise<void> {
  if (!(await canReviewAction(ctx, user, action, report))) {
    await refuse(ctx, user, action, 'appa_submission', report.id);
  }
}

/** A comment is edited only by its author. */
export async function authorizeCommentEdit(
  ctx: AppContext,
  user: Actor,
  comment: { id: string; reviewerId: string },
): Promise<void> {
  if (comment.reviewerId !== user.id) {
    await refuse(ctx, user, 'comment:edit', 'review_comment', comment.id);
  }
}

/** A task's status is changed by its assignee or its creator. */
export async function authorizeTaskUpdate(
  ctx: AppContext,
  user: Actor,
  task: { id: string; assignedToId: string; createdById: string },
): Promise<void> {
  if (task.assignedToId !== user.id && task.createdById !== user.id) {
    await refuse(ctx, user, 'task:update', 'review_task', task.id);
  }
}
