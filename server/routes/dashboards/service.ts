import { completionRate } from '../../../common/completion';
import { and, asc, between, count, eq, inArray } from 'drizzle-orm';
import { ROLES } from '../../../common/roles';
import {
  PEOPLE_SEARCH_LIMIT,
  type DashboardPerson,
  type DashboardUser,
  type HierarchyResponse,
  type TeamMember,
  type TrendsResponse,
} from '../../../common/schemas/dashboard';
import { recentWeeks, weekFromStart, weekOf } from '../../../common/week';
import { searchUsers } from '../../../common/week-filters';
import type { AppContext } from '../../context';
import { compareSpanish } from '../../../common/text';
import { appaSubmissions, users, type UserRow } from '../../db/schema';
import { countExpected, expectedAuthorsOf } from '../../domain/expected-authors';
import { areaPeople, levelsBelow, managersAbove, type Area } from '../../domain/hierarchy';
import {
  areaKey,
  areaMembers,
  areaReach,
  inArea,
  weekPeople,
  type WeekPerson,
} from '../../domain/week-people';

type Viewer = Pick<UserRow, 'id' | 'role' | 'timezone'>;

const dashboardUserColumns = {
  id: users.id,
  fullName: users.fullName,
  role: users.role,
  cargo: users.cargo,
  unidadOrganizacional: users.unidadOrganizacional,
  managerId: users.managerId,
};

/** The week a dashboard shows: the one asked for, or the current week in the viewer's timezone. */
export function dashboardWeek(ctx: AppContext, viewer: Viewer, weekStart: string | undefined) {
  return weekStart ? weekFromStart(weekStart) : weekOf(ctx.clock(), viewer.timezone);
}

/** The people of the area (and the viewer) with their report of the week, by name. */
async function loadAreaWeek(ctx: AppContext, area: Area, weekStart: string) {
  const counted = area.kind === 'organisation' ? area : { ...area, includeSelf: true };
  return inArea(await weekPeople(ctx, weekStart), await areaMembers(ctx, counted));
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

function presentMember(row: AreaRow, level: number): TeamMember {
  return {
    ...presentDashboardUser(row),
    level,
    status: row.report?.status ?? null,
    submittedAt: row.report?.submittedAt ?? null,
    submissionId: row.report?.id ?? null,
  };
}

/** The week's figures of a set of people: reports, expected authors and the rate, per role. */
function analyticsOf(rows: readonly AreaRow[]): HierarchyResponse['analytics'] {
  const expected = rows.filter((r) => r.expected);
  const sent = (list: readonly AreaRow[]) => list.filter((r) => r.report?.status === 'ENVIADO');
  const drafts = (list: readonly AreaRow[]) => list.filter((r) => r.report?.status === 'BORRADOR');
  const expectedSent = sent(expected).length;
  const expectedByRole = new Map<AreaRow['role'], AreaRow[]>();
  for (const row of expected) {
    const ofRole = expectedByRole.get(row.role);
    if (ofRole) ofRole.push(row);
    else expectedByRole.set(row.role, [row]);
  }
  return {
    totalSubmissions: rows.filter((r) => r.report !== null).length,
    submittedCount: sent(rows).length,
    draftCount: drafts(rows).length,
    expected: expected.length,
    pendingCount: expected.length - expectedSent,
    completionRate: completionRate(expectedSent, expected.length),
    byRole: ROLES.flatMap((role) => {
      const ofRole = expectedByRole.get(role) ?? [];
      if (ofRole.length === 0) return [];
      return [
        { role, total: ofRole.length, sent: sent(ofRole).length, drafts: drafts(ofRole).length },
      ];
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
 * GET /api/dashboard/hierarchy: the area's week (active people only), the counts of the hierarchy
 * below the viewer, the team level by level and the chain of command above.
 */
export async function hierarchy(
  ctx: AppContext,
  viewer: Viewer,
  area: Area,
  weekStart: string | undefined,
): Promise<HierarchyResponse> {
  const week = dashboardWeek(ctx, viewer, weekStart);
  const rows = await loadAreaWeek(ctx, area, week.weekStart);
  const others = rows.filter((r) => r.id !== viewer.id);
  // Levels follow the managers alone: kept until people change, not walked again for every report
  // written (at 50,000 people the walk was the largest part of computing this view again).
  const depth = await ctx.readCache.value(
    `levels:${viewer.id}:${areaKey(area)}`,
    async () => levelsBelow(others, viewer.id),
    (levels) => 64 * levels.size,
    'people',
  );
  const members = others
    .filter((r) => r.status === 'ACTIVO')
    .map((r) => presentMember(r, depth.get(r.id) ?? 1))
    // The rows come in Spanish order of name; a stable sort by level keeps it within each level.
    .sort((a, b) => a.level - b.level);
  // The board's direct reports: their own if they have any, otherwise the top of the organisation.
  const hasOwnReports = members.some((m) => m.managerId === viewer.id);
  const directReports = members.filter((m) =>
    hasOwnReports || area.kind === 'below' ? m.managerId === viewer.id : m.level === 1,
  );
  const self = rows.find((r) => r.id === viewer.id && r.status === 'ACTIVO');
  const counted = others.filter((r) => r.status === 'ACTIVO');
  if (area.kind === 'below' && area.includeSelf && self) counted.push(self);

  return {
    ...week,
    analytics: analyticsOf(counted),
    hierarchy: { allReports: members.length, directReports: directReports.length },
    team: {
      directReports,
      // The organisation's list is not sent: the board searches people (searchPeople) instead.
      members: area.kind === 'organisation' ? [] : members,
      managerChain: await managerChain(ctx, viewer.id),
    },
  };
}

/**
 * The area's expected authors of the viewer's current week, in Spanish order of name, as the
 * person picker lists them.
 */
export async function areaAuthors(
  ctx: AppContext,
  viewer: Viewer,
  area: Area,
): Promise<DashboardPerson[]> {
  const { weekStart } = dashboardWeek(ctx, viewer, undefined);
  const rows = await ctx.db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      role: users.role,
      cargo: users.cargo,
      unidadOrganizacional: users.unidadOrganizacional,
    })
    .from(users)
    .where(expectedAuthorsOf(weekStart, areaPeople(area)));
  return rows.sort((a, b) => compareSpanish(a.fullName, b.fullName) || a.id.localeCompare(b.id));
}

/** GET /api/dashboard/people: the first authors (by name) whose name or e-mail holds `q`. */
export function searchPeople(authors: readonly DashboardPerson[], q: string): DashboardPerson[] {
  return searchUsers(authors, q).slice(0, PEOPLE_SEARCH_LIMIT);
}

/** The weeks of a trend: the viewer's last `count`, oldest first, this week last. */
export function trendWeeks(ctx: AppContext, viewer: Viewer, count: number) {
  return recentWeeks(ctx.clock(), viewer.timezone, count).reverse();
}

/**
 * GET /api/dashboard/trends: per week, oldest first, how many of the area's expected authors of
 * that week sent; with a person, their sent reports' KPI per week.
 */
export async function trends(
  ctx: AppContext,
  viewer: Viewer,
  area: Area,
  input: { weeks: number; userId?: string | undefined },
): Promise<TrendsResponse> {
  const weeks = trendWeeks(ctx, viewer, input.weeks);
  const starts = weeks.map((w) => w.weekStart);
  const first = starts[0] ?? '';
  const last = starts[starts.length - 1] ?? '';
  const expectedByWeek = await ctx.readCache.value(
    `expected-by-week:${areaKey(area)}:${starts.join(',')}`,
    () => countExpected(ctx.db, starts, areaPeople(area)),
    (counts) => 64 * counts.size,
    'people',
  );
  // The weeks before the newest change rarely: kept until one of their reports is written, so a
  // draft of this week is counted from the week's table alone.
  const past = starts.slice(0, -1);
  const sentByWeek = new Map(
    await ctx.readCache.value(
      `sent-by-week:${areaKey(area)}:${past.join(',')}`,
      () => countSent(ctx, area, past),
      (counts) => 64 * counts.length,
      await areaReach(ctx, area, past),
    ),
  );
  if (last) {
    const people = inArea(await weekPeople(ctx, last), await areaMembers(ctx, area));
    const sent = people.filter((p) => p.expected && p.report?.status === 'ENVIADO').length;
    sentByWeek.set(last, sent);
  }
  const completion = weeks.map(({ weekStart }) => {
    const sent = sentByWeek.get(weekStart) ?? 0;
    const expected = expectedByWeek.get(weekStart) ?? 0;
    return { weekStart, expected, sent, rate: completionRate(sent, expected) };
  });

  if (!input.userId) return { completion, kpi: null };
  const kpiRows = await ctx.db
    .select({
      weekStart: appaSubmissions.weekStart,
      kpiNombre: appaSubmissions.kpiNombre,
      metaPct: appaSubmissions.kpiMetaPct,
      logroPct: appaSubmissions.kpiLogroPct,
    })
    .from(appaSubmissions)
    .where(
      and(
        eq(appaSubmissions.userId, input.userId),
        eq(appaSubmissions.status, 'ENVIADO'),
        between(appaSubmissions.weekStart, first, last),
      ),
    )
    .orderBy(asc(appaSubmissions.weekStart));
  return {
    completion,
    kpi: kpiRows.map((r) => ({ ...r, kpiNombre: r.kpiNombre ?? '' })),
  };
}

/** How many of the area's expected authors sent their report, in each of `weekStarts`. */
async function countSent(
  ctx: AppContext,
  area: Area,
  weekStarts: readonly string[],
): Promise<[string, number][]> {
  if (weekStarts.length === 0) return [];
  const rows = await ctx.db
    .select({ weekStart: appaSubmissions.weekStart, sent: count() })
    .from(appaSubmissions)
    .innerJoin(users, eq(users.id, appaSubmissions.userId))
    .where(
      and(
        eq(appaSubmissions.status, 'ENVIADO'),
        inArray(appaSubmissions.weekStart, [...weekStarts]),
        expectedAuthorsOf(appaSubmissions.weekStart, areaPeople(area)),
      ),
    )
    .groupBy(appaSubmissions.weekStart);
  return rows.map((r) => [r.weekStart, r.sent]);
}
