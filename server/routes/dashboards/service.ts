import { completionRate } from '../../../common/completion';
import { and, asc, between, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import {
  PEOPLE_SEARCH_LIMIT,
  type DashboardPerson,
  type TrendsResponse,
} from '../../../common/schemas/dashboard';
import { recentWeeks } from '../../../common/week';
import { searchUsers } from '../../../common/week-filters';
import type { AppContext } from '../../context';
import { compareSpanish } from '../../../common/text';
import { appaSubmissions, users, type UserRow } from '../../db/schema';
import { countExpected, expectedAuthorsOf } from '../../domain/expected-authors';
import { areaPeople, type Area } from '../../domain/hierarchy';
import {
  areaKey,
  areaMembers,
  areaReach,
  inArea,
  weekAreaDay,
  weekPeople,
} from '../../domain/week-people';
import { dashboardWeek } from '../../domain/week';

type Viewer = Pick<UserRow, 'id' | 'role' | 'timezone'>;

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
