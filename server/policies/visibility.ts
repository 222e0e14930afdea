import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SharePermission } from '../../common/roles';
import type { AppContext } from '../context';
import { lateralSharing, users, type SubmissionRow, type UserRow } from '../db/schema';
import { forbidden } from '../lib/errors';
import { audit } from '../services/audit';

/**
 * Who reads which report (DESIGN.md "Permissions"): ADMIN and CONSEJO every report; everyone their
 * own and the reports of everyone below them in the managerId tree (VP their area, GERENTE their
 * leaders and below, a LIDER with reports their team); and the peer of a lateral share while the
 * share lasts. The hierarchy is walked in SQL by recursive CTEs: `union` (not `union all`) drops
 * rows already seen, so a managerId cycle ends instead of looping.
 */
type Actor = Pick<UserRow, 'id' | 'role'>;
type ReportRef = Pick<SubmissionRow, 'id' | 'userId'>;

/** ADMIN and CONSEJO read every report of the organisation. */
export function readsEverything(user: Pick<UserRow, 'role'>): boolean {
  return user.role === 'ADMIN' || user.role === 'CONSEJO';
}

/**
 * `select id from below`: everyone below `rootId`, all levels. Used as `column in (${...})`; the
 * anchor and each step are served by users_manager_id_idx.
 */
export function belowIds(rootId: string): SQL {
  return sql`with recursive below(id) as (
      select id from users where manager_id = ${rootId}
      union
      select u.id from users u join below b on u.manager_id = b.id
    ) select id from below`;
}

/** `select manager_id from up`: everyone above `personId`, walking up one row per level. */
export function aboveIds(personId: string): SQL {
  return sql`with recursive up(id, manager_id) as (
      select id, manager_id from users where id = ${personId}
      union
      select u.id, u.manager_id from users u join up on u.id = up.manager_id
    ) select manager_id from up where manager_id is not null`;
}

/** Whether `managerId` is above `personId` in the hierarchy (their manager, or a manager's...). */
export async function isAbove(
  ctx: AppContext,
  managerId: string,
  personId: string,
): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, managerId), sql`${users.id} in (${aboveIds(personId)})`))
    .limit(1);
  return rows.length > 0;
}

/** A share of the report with `user` that has not expired: the permission it grants, or null. */
export async function liveShareOf(
  ctx: AppContext,
  user: Pick<UserRow, 'id'>,
  report: Pick<SubmissionRow, 'id'>,
): Promise<SharePermission | null> {
  const rows = await ctx.db
    .select({ permission: lateralSharing.permission })
    .from(lateralSharing)
    .where(
      and(
        eq(lateralSharing.submissionId, report.id),
        eq(lateralSharing.sharedWithId, user.id),
        liveShare(ctx),
      ),
    );
  if (rows.some((r) => r.permission === 'comment')) return 'comment';
  return rows[0]?.permission ?? null;
}

/** The shares that have not expired at the clock's now. */
export function liveShare(ctx: AppContext): SQL | undefined {
  return or(isNull(lateralSharing.expiresAt), gt(lateralSharing.expiresAt, ctx.clock()));
}

/** Whether `user` reads the person's reports (shares aside): themself, above them, or the board. */
export async function canReadPerson(ctx: AppContext, user: Actor, personId: string) {
  if (readsEverything(user) || personId === user.id) return true;
  return isAbove(ctx, user.id, personId);
}

/** The one visibility rule every read of a report goes through. */
export async function canReadReport(ctx: AppContext, user: Actor, report: ReportRef) {
  if (await canReadPerson(ctx, user, report.userId)) return true;
  return (await liveShareOf(ctx, user, report)) !== null;
}

/**
 * Of `reports`, those `user` may not read, by the same rule as canReadReport but in two statements
 * whatever their number (a zip holds up to 200): who of their authors is below the viewer, then
 * which of the rest are shared with them.
 */
export async function unreadableReports<T extends ReportRef>(
  ctx: AppContext,
  user: Actor,
  reports: readonly T[],
): Promise<T[]> {
  if (readsEverything(user)) return [];
  const others = reports.filter((r) => r.userId !== user.id);
  if (others.length === 0) return [];
  const below = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, [...new Set(others.map((r) => r.userId))]),
        sql`${users.id} in (${belowIds(user.id)})`,
      ),
    );
  const readable = new Set(below.map((r) => r.id));
  const rest = others.filter((r) => !readable.has(r.userId));
  if (rest.length === 0) return [];
  const shared = await ctx.db
    .select({ id: lateralSharing.submissionId })
    .from(lateralSharing)
    .where(
      and(
        inArray(
          lateralSharing.submissionId,
          rest.map((r) => r.id),
        ),
        eq(lateralSharing.sharedWithId, user.id),
        liveShare(ctx),
      ),
    );
  const sharedIds = new Set(shared.map((r) => r.id));
  return rest.filter((r) => !sharedIds.has(r.id));
}

/**
 * The area a dashboard shows: the organisation (ADMIN, CONSEJO), or everyone below the viewer (VP,
 * GERENTE), or the viewer and everyone below them (a LIDER's own report counts in their figures).
 * USER has no dashboard.
 */
export type Area =
  | { kind: 'organisation'; viewerId: string }
  | { kind: 'below'; viewerId: string; includeSelf: boolean };

export function areaOf(user: Actor): Area | null {
  if (readsEverything(user)) return { kind: 'organisation', viewerId: user.id };
  if (user.role === 'VP' || user.role === 'GERENTE') {
    return { kind: 'below', viewerId: user.id, includeSelf: false };
  }
  if (user.role === 'LIDER') return { kind: 'below', viewerId: user.id, includeSelf: true };
  return null;
}

/** A condition on users.id selecting the people of `area`; undefined for the organisation. */
export function areaPeople(area: Area): SQL | undefined {
  if (area.kind === 'organisation') return undefined;
  const below = sql`${users.id} in (${belowIds(area.viewerId)})`;
  return area.includeSelf ? or(below, eq(users.id, area.viewerId)) : below;
}

/** Audits the refusal and throws the 403. */
export async function refuse(
  ctx: AppContext,
  user: Actor,
  attempted: string,
  entity: string,
  entityId?: string,
  message?: string,
): Promise<never> {
  await audit(ctx.db, {
    actorId: user.id,
    action: 'security.permission_refused',
    entity,
    entityId: entityId ?? null,
    meta: { attempted },
  });
  throw forbidden(message);
}

/** The viewer's dashboard area; a 403 (audited) for a role without a dashboard. */
export async function authorizeDashboard(ctx: AppContext, user: Actor): Promise<Area> {
  return areaOf(user) ?? refuse(ctx, user, 'dashboard:read', 'dashboard');
}

/** Throws a 403 (audited) unless `user` reads the person's reports (trends, history). */
export async function authorizePersonRead(ctx: AppContext, user: Actor, personId: string) {
  if (!(await canReadPerson(ctx, user, personId))) {
    await refuse(ctx, user, 'person:read', 'user', personId);
  }
}
