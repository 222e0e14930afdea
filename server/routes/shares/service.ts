import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DASHBOARD_MSG,
  type LeaderWeekResponse,
  type Peer,
  type Share,
} from '../../../common/schemas/dashboard';
import type { SharePermission } from '../../../common/roles';
import type { AppContext } from '../../context';
import { appaSubmissions, lateralSharing, users, type UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { withReportAbilities } from '../../policies/report';
import { isSharePeer, liveShare, shareAbilities } from '../../policies/share';
import { announce, announcing } from '../../events/announce';
import type { Person, ReportAbout } from '../../events/catalogue';
import { dashboardWeek } from '../dashboards/service';
import { loadReportSummaries } from '../week/service';
import { spanishOrder } from '../../db/spanish-order';

const sharer = alias(users, 'sharer');
const peer = alias(users, 'peer');

/** Shares matching `where`, with both people named and what `viewer` may do, oldest first. */
async function loadShares(
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

/** What a share decision needs of it; 404 when there is none. */
export async function loadShareRef(ctx: AppContext, id: string) {
  const [row] = await ctx.db
    .select({
      id: lateralSharing.id,
      sharedById: lateralSharing.sharedById,
      report: {
        id: appaSubmissions.id,
        userId: appaSubmissions.userId,
        status: appaSubmissions.status,
        weekStart: appaSubmissions.weekStart,
      },
    })
    .from(lateralSharing)
    .innerJoin(appaSubmissions, eq(appaSubmissions.id, lateralSharing.submissionId))
    .where(eq(lateralSharing.id, id))
    .limit(1);
  if (!row) throw notFound(DASHBOARD_MSG.shareNotFound);
  return row;
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

/**
 * GET /api/appa for a LIDER: their report of the week, its live shares, and the reports of that
 * week shared with them by a live share.
 */
export async function leaderWeek(
  ctx: AppContext,
  viewer: Pick<UserRow, 'id' | 'role' | 'timezone'>,
  weekStart: string | undefined,
): Promise<LeaderWeekResponse> {
  const week = dashboardWeek(ctx, viewer, weekStart);
  const [ownReport] = await loadReportSummaries(
    ctx,
    and(eq(appaSubmissions.userId, viewer.id), eq(appaSubmissions.weekStart, week.weekStart)),
    viewer.id,
  );
  const ownShares = ownReport
    ? await loadShares(
        ctx,
        viewer,
        and(eq(lateralSharing.submissionId, ownReport.id), liveShare(ctx)),
      )
    : [];
  const ofTheWeek = ctx.db
    .select({ id: appaSubmissions.id })
    .from(appaSubmissions)
    .where(eq(appaSubmissions.weekStart, week.weekStart));
  const incoming = await loadShares(
    ctx,
    viewer,
    and(
      eq(lateralSharing.sharedWithId, viewer.id),
      inArray(lateralSharing.submissionId, ofTheWeek),
      liveShare(ctx),
    ),
  );
  const reports = incoming.length
    ? await loadReportSummaries(
        ctx,
        inArray(
          appaSubmissions.id,
          incoming.map((s) => s.submissionId),
        ),
        viewer.id,
      )
    : [];
  // The viewer's own report and those shared with them get their abilities together.
  const viewed = await withReportAbilities(ctx, viewer, [
    ...(ownReport ? [ownReport] : []),
    ...reports,
  ]);
  const own = viewed.find((report) => report.id === ownReport?.id) ?? null;
  const shared = viewed.flatMap((report) => {
    const share = incoming.find((s) => s.submissionId === report.id);
    return share ? [{ ...report, share }] : [];
  });
  return { ...week, own, ownShares, shared };
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
