import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, ne } from 'drizzle-orm';
import { DASHBOARD_MSG, type Peer, type Share } from '../../../common/schemas/dashboard';
import type { SharePermission } from '../../../common/roles';
import type { AppContext } from '../../context';
import { lateralSharing, users, type UserRow } from '../../db/schema';
import { loadWithReport } from '../../domain/reports';
import { loadShares } from '../../domain/shares';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { isSharePeer } from '../../policies/share';
import { announce, announcing } from '../../events/announce';
import type { Person, ReportAbout } from '../../events/catalogue';
import { spanishOrder } from '../../db/spanish-order';

/** What a share decision needs of it; 404 when there is none. */
export function loadShareRef(ctx: AppContext, id: string) {
  const fields = { id: lateralSharing.id, sharedById: lateralSharing.sharedById };
  return loadWithReport(ctx, lateralSharing, fields, id, DASHBOARD_MSG.shareNotFound);
}

/**
 * POST /api/appa/{id}/share, once the caller is known to be the author: only a sent report, only
 * to an active peer of the author's role (not themself), at most once per report and peer, with an
 * expiry in the future.
 */
export async function createShare(
  ctx: AppContext,
  log: FastifyBaseLogger,
  author: Actor & Person,
  report: ReportAbout,
  input: { sharedWithId: string; permission: SharePermission; expiresAt?: string | null },
): Promise<Share> {
  if (report.status !== 'ENVIADO') throw conflict(DASHBOARD_MSG.shareOnlySent);
  if (input.sharedWithId === author.id) throw badRequest(DASHBOARD_MSG.shareSelf);
  const [target] = await ctx.db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, input.sharedWithId))
    .limit(1);
  if (!isSharePeer(author, target)) throw badRequest(DASHBOARD_MSG.shareOnlyPeers);
  const now = ctx.clock();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw badRequest(DASHBOARD_MSG.invalidExpiry);

  const saved = await announcing(ctx, log, async (tx) => {
    const [row] = await tx
      .insert(lateralSharing)
      .values({
        submissionId: report.id,
        sharedById: author.id,
        sharedWithId: input.sharedWithId,
        permission: input.permission,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: lateralSharing.id });
    if (!row) throw conflict(DASHBOARD_MSG.shareDuplicate);
    const { sharedWithId, permission } = input;
    await announce(tx, {
      name: 'share.created',
      actor: author,
      report,
      share: { id: row.id, sharedWithId, permission, expiresAt },
      at: now,
    });
    return row;
  });
  const [share] = await loadShares(ctx, author, eq(lateralSharing.id, saved.id));
  if (!share) throw notFound(DASHBOARD_MSG.shareNotFound);
  return share;
}

/** DELETE /api/appa/shares/{id}: the share ends at once. */
export async function revokeShare(
  ctx: AppContext,
  log: FastifyBaseLogger,
  actor: Person,
  share: { id: string; report: ReportAbout },
) {
  const now = ctx.clock();
  await announcing(ctx, log, async (tx) => {
    const [gone] = await tx
      .delete(lateralSharing)
      .where(eq(lateralSharing.id, share.id))
      .returning({ sharedWithId: lateralSharing.sharedWithId });
    if (!gone) throw notFound(DASHBOARD_MSG.shareNotFound);
    await announce(tx, {
      name: 'share.revoked',
      actor,
      report: share.report,
      share: { id: share.id, sharedWithId: gone.sharedWithId },
      at: now,
    });
  });
}

/** GET /api/appa/{id}/shares: every share of the report, expired ones included (they say so). */
export function listReportShares(
  ctx: AppContext,
  viewer: Actor,
  submissionId: string,
): Promise<Share[]> {
  return loadShares(ctx, viewer, eq(lateralSharing.submissionId, submissionId));
}

/** GET /api/users/same-role: the other active people of the viewer's role, by name. */
export async function sameRolePeers(ctx: AppContext, viewer: Pick<UserRow, 'id' | 'role'>) {
  const rows = await ctx.db
    .select({
      id: users.id,
      fullName: users.fullName,
      cargo: users.cargo,
      unidadOrganizacional: users.unidadOrganizacional,
    })
    .from(users)
    .where(and(eq(users.role, viewer.role), eq(users.status, 'ACTIVO'), ne(users.id, viewer.id)))
    .orderBy(...spanishOrder(users.fullName), desc(users.id));
  return rows satisfies Peer[];
}
