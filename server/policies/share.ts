import { and, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { administers, type SharePermission } from '../../common/roles';
import type { Share } from '../../common/schemas/dashboard';
import type { AppContext } from '../context';
import { lateralSharing, type UserRow } from '../db/schema';
import type { Actor } from './actor';

/**
 * Lateral sharing: an author shares their own sent report with peers of their role, for reading or
 * for commenting, until the share expires or is revoked. Sharing is for the roles that report and
 * have a dashboard (LIDER, and GERENTE and VP among themselves); USER has no peers to share with.
 */
const SHARING_ROLES: readonly UserRow['role'][] = ['LIDER', 'GERENTE', 'VP'];

/** Whether the actor's role shares its reports with peers. */
export function sharesLaterally(actor: Pick<Actor, 'role'>): boolean {
  return SHARING_ROLES.includes(actor.role);
}

/** Whom an author may share with: an active person of the author's own role, not themself. */
export function isSharePeer(
  author: Actor,
  peer: Pick<UserRow, 'id' | 'role' | 'status'> | undefined,
): boolean {
  return (
    peer !== undefined &&
    peer.id !== author.id &&
    peer.role === author.role &&
    peer.status === 'ACTIVO'
  );
}

export type ShareAction = 'share:revoke';

/** What a decision about a share needs of it. */
export interface ShareRef {
  id: string;
  sharedById: string;
}

export function can(actor: Actor, action: ShareAction, share: ShareRef): boolean {
  switch (action) {
    case 'share:revoke':
      // Whoever made it, or an administrator.
      return share.sharedById === actor.id || administers(actor.role);
  }
}

export function shareAbilities(actor: Actor, share: ShareRef): Share['abilities'] {
  return { revoke: can(actor, 'share:revoke', share) };
}

/** The shares that have not expired at the clock's now. */
export function liveShare(ctx: AppContext): SQL | undefined {
  return or(isNull(lateralSharing.expiresAt), gt(lateralSharing.expiresAt, ctx.clock()));
}

/**
 * Of `reportIds`, those shared with `personId` by a live share, with the permission it grants (a
 * `comment` share wins over a `read` one), in one statement.
 */
export async function liveSharesWith(
  ctx: AppContext,
  personId: string,
  reportIds: readonly string[],
): Promise<Map<string, SharePermission>> {
  if (reportIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ key: lateralSharing.submissionId, permission: lateralSharing.permission })
    .from(lateralSharing)
    .where(
      and(
        inArray(lateralSharing.submissionId, [...new Set(reportIds)]),
        eq(lateralSharing.sharedWithId, personId),
        liveShare(ctx),
      ),
    );
  return strongestPermission(rows);
}

/**
 * Whom `reportId` is shared with by a live share, with the permission it grants them, in one
 * statement.
 */
export async function liveSharesOf(
  ctx: AppContext,
  reportId: string,
): Promise<Map<string, SharePermission>> {
  const rows = await ctx.db
    .select({ key: lateralSharing.sharedWithId, permission: lateralSharing.permission })
    .from(lateralSharing)
    .where(and(eq(lateralSharing.submissionId, reportId), liveShare(ctx)));
  return strongestPermission(rows);
}

/** One permission per key: a `comment` share wins over a `read` one. */
function strongestPermission(
  rows: readonly { key: string; permission: SharePermission }[],
): Map<string, SharePermission> {
  const strongest = new Map<string, SharePermission>();
  for (const { key, permission } of rows) {
    if (strongest.get(key) !== 'comment') strongest.set(key, permission);
  }
  return strongest;
}
