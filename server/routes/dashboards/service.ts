import { completionRate } from '../../../common/completion';
import { and, asc, between, count, eq, inArray, or, type SQL } from 'drizzle-orm';
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
  weekAreaDay,
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
  // Each week counts the area as it stood then.
  const days = new Map(
    await Promise.all(starts.map(async (w) => [w, await weekAreaDay(ctx, w)] as const)),
  );
  // Usually every week's area is today's (nobody moved since): one condition for all, walked once.
  const distinct = new Set(days.values());
  const areaIn =
    distinct.size === 1
      ? areaPeople(area, [...distinct][0])
      : (weekStart: string) => areaPeople(area, days.get(weekStart));
  const expectedByWeek = await ctx.readCache.value(
    `expected-by-week:${areaKey(area)}:${starts.join(',')}`,
    () => countExpected(ctx.db, starts, areaIn),
    (counts) => 64 * counts.size,
    'people',
  );
  // The weeks before the newest change rarely: kept until one of their reports is written, so a
  // draft of this week is counted from the week's table alone.
  const past = starts.slice(0, -1);
  const sentByWeek = new Map(
    await ctx.readCache.value(
      `sent-by-week:${areaKey(area)}:${past.join(',')}`,
      () => countSent(ctx, areaIn, past),
      (counts) => 64 * counts.length,
      await areaReach(ctx, area, past),
    ),
  );
  if (last) {
    const people = inArea(await weekPeople(ctx, last), await areaMembers(ctx, area, last));
    const sent = people.filter((p) => p.expected && p.report?.status === 'ENVIADO').length;
    sentByWeek.set(last, sent);
  }
  const all = weeks.map(({ weekStart }) => {
    const sent = sentByWeek.get(weekStart) ?? 0;
    const expected = expectedByWeek.get(weekStart) ?? 0;
    return {
      weekStart,
      expected,
      sent,
      rate: expected > 0 ? completionRate(sent, expected) : null,
    };
  });
  // The trend begins with the area's first week that had anyone expected.
  const begins = all.findIndex((w) => w.expected > 0);
  const completion = begins < 0 ? [] : all.slice(begins);

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

/**
 * How many of the area's expected authors sent their report, in each of `weekStarts`; `areaIn`
 * is one area for every week, or each week's own.
 */
async function countSent(
  ctx: AppContext,
  areaIn: SQL | undefined | ((weekStart: string) => SQL | undefined),
  weekStarts: readonly string[],
): Promise<[string, number][]> {
  if (weekStarts.length === 0) return [];
  const ofWeeks =
    typeof areaIn === 'function'
      ? or(
          ...weekStarts.map((w) =>
            and(eq(appaSubmissions.weekStart, w), expectedAuthorsOf(w, areaIn(w))),
          ),
        )
      : and(
          inArray(appaSubmissions.weekStart, [...weekStarts]),
          expectedAuthorsOf(appaSubmissions.weekStart, areaIn),
        );
  const rows = await ctx.db
    .select({ weekStart: appaSubmissions.weekStart, sent: count() })
    .from(appaSubmissions)
    .innerJoin(users, eq(users.id, appaSubmissions.userId))
    .where(and(eq(appaSubmissions.status, 'ENVIADO'), ofWeeks))
    .groupBy(appaSubmissions.weekStart);
  return rows.map((r) => [r.weekStart, r.sent]);
}
