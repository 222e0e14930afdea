import { asc, eq, type and } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Share } from '../../common/schemas/dashboard';
import type { AppContext } from '../context';
import { lateralSharing, users } from '../db/schema';
import type { Actor } from '../policies/actor';
import { shareAbilities } from '../policies/share';

const sharer = alias(users, 'sharer');
const peer = alias(users, 'peer');

/** Shares matching `where`, with both people named and what `viewer` may do, oldest first. */
export async function loadShares(
  ctx: AppContext,
  viewer: Actor,
  where: ReturnType<typeof and>,
): Promise<Share[]> {
  const rows = await ctx.db
    .select({
      share: lateralSharing,
      sharedBy: { id: sharer.id, fullName: sharer.fullName },
      sharedWith: { id: peer.id, fullName: peer.fullName },
    })
    .from(lateralSharing)
    .innerJoin(sharer, eq(sharer.id, lateralSharing.sharedById))
    .innerJoin(peer, eq(peer.id, lateralSharing.sharedWithId))
    .where(where)
    .orderBy(asc(lateralSharing.createdAt), asc(lateralSharing.id));
  return rows.map(({ share, sharedBy, sharedWith }) => ({
    id: share.id,
    submissionId: share.submissionId,
    sharedBy,
    sharedWith,
    permission: share.permission,
    expiresAt: share.expiresAt?.toISOString() ?? null,
    createdAt: share.createdAt.toISOString(),
    abilities: shareAbilities(viewer, share),
  }));
}
