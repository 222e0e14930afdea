import type { UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { DASHBOARD_MSG } from '../../common/schemas/dashboard';
import { canAdminister } from '.';
import { refuse } from './visibility';

/**
 * Lateral sharing (spec 2 §6): an author shares their own sent report with peers of their role.
 * Sharing is for the roles that report and have a dashboard (LIDER, and GERENTE and VP among
 * themselves); USER has no peer list and does not share.
 */
type Actor = Pick<UserRow, 'id' | 'role'>;

const SHARING_ROLES: readonly UserRow['role'][] = ['LIDER', 'GERENTE', 'VP'];

/** GET /api/users/same-role: everyone but USER (ADMIN and CONSEJO get their own peers). */
export async function authorizePeerList(ctx: AppContext, user: Actor): Promise<void> {
  if (user.role === 'USER') await refuse(ctx, user, 'peers:list', 'user');
}

/** Only the author shares, and only in a role that shares. */
export async function authorizeShare(
  ctx: AppContext,
  user: Actor,
  report: { id: string; userId: string },
): Promise<void> {
  if (report.userId !== user.id || !SHARING_ROLES.includes(user.role)) {
    await refuse(
      ctx,
      user,
      'report:share',
      'appa_submission',
      report.id,
      DASHBOARD_MSG.shareOnlyOwn,
    );
  }
}

/** The shares of a report are listed by its author and by ADMIN. */
export async function authorizeShareList(
  ctx: AppContext,
  user: Actor,
  report: { id: string; userId: string },
): Promise<void> {
  if (report.userId !== user.id && !canAdminister(user)) {
    await refuse(ctx, user, 'shares:list', 'appa_submission', report.id);
  }
}

/** A share is revoked by whoever made it, or by ADMIN. */
export async function authorizeShareRevoke(
  ctx: AppContext,
  user: Actor,
  share: { id: string; sharedById: string },
): Promise<void> {
  if (share.sharedById !== user.id && !canAdminister(user)) {
    await refuse(ctx, user, 'share:revoke', 'lateral_sharing', share.id);
  }
}
