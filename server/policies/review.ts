import type { AppContext } from '../context';
import type { SubmissionRow, UserRow } from '../db/schema';
import { can } from '.';
import { isAbove, liveShareOf, readsEverything, refuse } from './visibility';

/**
 * Who may list, review, comment on and assign tasks about reports (DESIGN.md "Permissions"). Reading
 * is `can(report:read)` (policies/visibility.ts); routes only call the `authorize*` functions below.
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

/** Reads every report of every week: the panel and the board. */
export function canListReports(user: Pick<UserRow, 'role'>): boolean {
  return readsEverything(user);
}

/**
 * What GET /api/appa lists for the caller: the organisation (ADMIN, CONSEJO), their area (VP,
 * GERENTE: everyone below them), the leader's week (own report and what is shared with them), or
 * nothing (USER, who has no dashboard).
 */
export type WeekListScope = 'organisation' | 'area' | 'leader';

export function weekListScope(user: Pick<UserRow, 'role'>): WeekListScope | null {
  if (canListReports(user)) return 'organisation';
  if (user.role === 'VP' || user.role === 'GERENTE') return 'area';
  if (user.role === 'LIDER') return 'leader';
  return null;
}

/** A reviewer is ADMIN, CONSEJO or anyone above the author; never the author themself. */
export async function canReview(ctx: AppContext, user: Actor, report: ReportRef) {
  if (readsEverything(user)) return true;
  if (report.userId === user.id) return false;
  return isAbove(ctx, user.id, report.userId);
}

/** A live lateral share with `comment` permission lets the peer comment (DESIGN.md). */
async function sharedForComment(ctx: AppContext, user: Actor, report: ReportRef): Promise<boolean> {
  return (await liveShareOf(ctx, user, report)) === 'comment';
}

export async function canReviewAction(
  ctx: AppContext,
  user: Actor,
  action: Exclude<ReviewAction, 'reports:list'>,
  report: ReportRef,
): Promise<boolean> {
  switch (action) {
    case 'review:read':
      // Reviewers are above the author, so whoever reviews also reads.
      return can(ctx, user, 'report:read', report);
    case 'report:review':
      return canReview(ctx, user, report);
    case 'report:comment':
      return (await canReview(ctx, user, report)) || sharedForComment(ctx, user, report);
  }
}

/** The caller's scope of GET /api/appa; a 403 (audited) when they have none. */
export async function authorizeListReports(ctx: AppContext, user: Actor): Promise<WeekListScope> {
  return weekListScope(user) ?? refuse(ctx, user, 'reports:list', 'appa_submission');
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
