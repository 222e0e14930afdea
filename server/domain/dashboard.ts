import { inArray } from 'drizzle-orm';
import { completionRate } from '../../common/completion';
import { ROLES } from '../../common/roles';
import type { DashboardUser, HierarchyResponse, TeamMember } from '../../common/schemas/dashboard';
import type { AppContext } from '../context';
import { users, type UserRow } from '../db/schema';
import { levelsBelow, managersAbove, type Area } from './hierarchy';
import { dashboardWeek } from './week';
import { areaKey, areaMembers, inArea, weekPeople, type WeekPerson } from './week-people';

type Viewer = Pick<UserRow, 'id' | 'role' | 'timezone'>;

const dashboardUserColumns = {
  id: users.id,
  fullName: users.fullName,
  role: users.role,
  cargo: users.cargo,
  unidadOrganizacional: users.unidadOrganizacional,
  managerId: users.managerId,
};

/** The people of the area (and the viewer) with their report of the week, by name. */
async function loadAreaWeek(ctx: AppContext, area: Area, weekStart: string) {
  const counted = area.kind === 'organisation' ? area : { ...area, includeSelf: true };
  return inArea(await weekPeople(ctx, weekStart), await areaMembers(ctx, counted, weekStart));
}

type AreaRow = WeekPerson;

function presentDashboardUser(row: DashboardUser): DashboardUser {
  return {
    id: row.id,
    fullName: row.fullName,
    role: row.role,
    cargo: row.cargo,
    unidadOrganizacional: row.unidadOrganizacional,
    managerId: row.managerId,
  };
}

/** A direct report with this week's state. */
function presentMember(row: AreaRow): TeamMember {
  return {
    ...presentDashboardUser(row),
    status: row.report?.status ?? null,
    submittedAt: row.report?.submittedAt ?? null,
    submissionId: row.report?.id ?? null,
    absent: row.absent,
  };
}

/**
 * The week's figures of a set of people: reports, expected authors and the rate, per role. One
 * pass: the set is the whole organisation on the board's dashboard.
 */
function analyticsOf(rows: readonly AreaRow[]): HierarchyResponse['analytics'] {
  let totalSubmissions = 0;
  let submittedCount = 0;
  let draftCount = 0;
  let expected = 0;
  let expectedSent = 0;
  const byRole = new Map<AreaRow['role'], { total: number; sent: number; drafts: number }>();
  for (const row of rows) {
    const status = row.report?.status;
    if (status) totalSubmissions += 1;
    if (status === 'ENVIADO') submittedCount += 1;
    if (status === 'BORRADOR') draftCount += 1;
    if (!row.expected) continue;
    expected += 1;
    let ofRole = byRole.get(row.role);
    if (!ofRole) byRole.set(row.role, (ofRole = { total: 0, sent: 0, drafts: 0 }));
    ofRole.total += 1;
    if (status === 'ENVIADO') {
      expectedSent += 1;
      ofRole.sent += 1;
    }
    if (status === 'BORRADOR') ofRole.drafts += 1;
  }
  return {
    totalSubmissions,
    submittedCount,
    draftCount,
    expected,
    pendingCount: expected - expectedSent,
    completionRate: completionRate(expectedSent, expected),
    byRole: ROLES.flatMap((role) => {
      const ofRole = byRole.get(role);
      return ofRole ? [{ role, ...ofRole }] : [];
    }),
  };
}

/** From the viewer's manager up to the top; kept until people change. */
function managerChain(ctx: AppContext, viewerId: string): Promise<DashboardUser[]> {
  return ctx.readCache.value(
    `manager-chain:${viewerId}`,
    () => loadManagerChain(ctx, viewerId),
    (chain) => 200 * (chain.length + 1),
    'people',
  );
}

async function loadManagerChain(ctx: AppContext, viewerId: string): Promise<DashboardUser[]> {
  const ids = await managersAbove(ctx, viewerId);
  if (ids.length === 0) return [];
  const rows = await ctx.db.select(dashboardUserColumns).from(users).where(inArray(users.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentDashboardUser(row)] : [];
  });
}

/**
 * Who of `rows` (the area's people, the viewer among them or not) the viewer's direct reports are:
 * those they manage; for the organisation, when the viewer manages nobody, its top (people whose
 * manager is not in it).
 */
function directReportIds(rows: readonly AreaRow[], viewerId: string, area: Area): Set<string> {
  const others = rows.filter((r) => r.id !== viewerId);
  const managed = others.filter((r) => r.managerId === viewerId && r.status === 'ACTIVO');
  if (managed.length > 0 || area.kind === 'below') return new Set(managed.map((r) => r.id));
  const levels = levelsBelow(others, viewerId);
  return new Set(others.filter((r) => levels.get(r.id) === 1).map((r) => r.id));
}

/**
 * GET /api/dashboard/hierarchy: the area's week (active people only), the counts of the hierarchy
 * below the viewer, the direct reports and the chain of command above. One pass over the area's
 * week, allocating for the direct reports alone: at 50,000 people this answer is computed again
 * every second of Monday morning.
 */
export async function hierarchy(
  ctx: AppContext,
  viewer: Viewer,
  area: Area,
  weekStart: string | undefined,
): Promise<HierarchyResponse> {
  const week = dashboardWeek(ctx, viewer, weekStart);
  const rows = await loadAreaWeek(ctx, area, week.weekStart);
  // Who reports to whom follows the managers alone (of that week, once it has ended): kept until
  // people change, not walked again for every report written.
  const direct = await ctx.readCache.value(
    `direct-reports:${viewer.id}:${areaKey(area)}:${week.weekStart}`,
    async () => directReportIds(rows, viewer.id, area),
    (ids) => 64 * ids.size,
    'people',
  );
  const directReports: TeamMember[] = [];
  const counted: AreaRow[] = [];
  let below = 0;
  for (const row of rows) {
    // Someone suspended since still counts in the weeks they were expected in.
    if (row.status !== 'ACTIVO' && !row.expected) continue;
    if (row.id === viewer.id) {
      if (area.kind === 'below' && area.includeSelf) counted.push(row);
      continue;
    }
    counted.push(row);
    if (row.status !== 'ACTIVO') continue;
    below += 1;
    if (direct.has(row.id)) directReports.push(presentMember(row));
  }

  return {
    ...week,
    analytics: analyticsOf(counted),
    hierarchy: { allReports: below, directReports: directReports.length },
    team: { directReports, managerChain: await managerChain(ctx, viewer.id) },
  };
}
