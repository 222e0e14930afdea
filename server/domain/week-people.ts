import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { compareSpanish } from '../../common/text';
import type { AppContext } from '../context';
import { weekFromStart, weekOf } from '../../common/week';
import { appaFiles, appaSubmissions, userPlacements, users } from '../db/schema';
import { keptSettings } from '../services/settings';
import type { Reach } from '../lib/read-cache';
import { absentAuthorsOf, expectedAuthorsOf } from './expected-authors';
import { areaPeople, type Area } from './hierarchy';

/**
 * Everyone with their report of one week, as the panel's tiles and pending list, the dashboards'
 * figures and team lists and the newest point of the trends all read it: one table per week, kept
 * by the read cache and mended row by row. A draft saved by one author reloads that author's row
 * (one indexed statement), not the week of the whole organisation.
 */

/** A person and their report of the week, if any. */
export interface WeekPerson {
  id: string;
  fullName: string;
  email: string;
  cargo: string | null;
  unidadOrganizacional: string | null;
  role: (typeof users.$inferSelect)['role'];
  slug: string;
  managerId: string | null;
  status: (typeof users.$inferSelect)['status'];
  /** Expected to send an APPA this week (domain/expected-authors.ts). */
  expected: boolean;
  /** Would be expected, but is away for the whole week: shown as "Ausente", never counted. */
  absent: boolean;
  report: WeekPersonReport | null;
}

export interface WeekPersonReport {
  id: string;
  status: (typeof appaSubmissions.$inferSelect)['status'];
  reviewedAt: string | null;
  submittedAt: string | null;
  fileCount: number;
}

/** What every list shows of an author. */
export const authorColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  cargo: users.cargo,
  unidadOrganizacional: users.unidadOrganizacional,
  role: users.role,
  slug: users.slug,
};

/**
 * The day a week's areas and roles are read on: a finished week's Sunday (who was where then, from
 * `user_placements`), or undefined while the week runs or is to come (today's organisation). Also
 * undefined when nobody's role, manager or area has changed since that Sunday: the organisation
 * then was today's, and today's tree is the cheaper walk.
 */
export async function weekAreaDay(ctx: AppContext, weekStart: string): Promise<string | undefined> {
  const { organisationTimezone } = await keptSettings(ctx);
  if (weekOf(ctx.clock(), organisationTimezone).weekStart <= weekStart) return undefined;
  const sunday = weekFromStart(weekStart).weekEnd;
  return (await lastPlacementChange(ctx)) > sunday ? sunday : undefined;
}

/** The newest day anyone's role, manager or area changed (or anyone joined); kept until people change. */
function lastPlacementChange(ctx: AppContext): Promise<string> {
  return ctx.readCache.value(
    'placements-last-change',
    async () => {
      const [row] = await ctx.db
        .select({ day: sql<string | null>`max(${userPlacements.validFrom})::text` })
        .from(userPlacements);
      return row?.day ?? '';
    },
    () => 64,
    'people',
  );
}

/** Where a person stood on `day`: their role, manager and area then (today's when undefined). */
function placedOn(day: string | undefined) {
  if (!day) {
    return {
      role: users.role,
      managerId: users.managerId,
      unidadOrganizacional: users.unidadOrganizacional,
    };
  }
  // Someone created after the day has no placement then: today's stands in.
  const then = <T>(placed: SQL, today: SQL) =>
    sql<T>`case when ${userPlacements.id} is null then ${today} else ${placed} end`;
  return {
    role: then<WeekPerson['role']>(sql`${userPlacements.role}`, sql`${users.role}`),
    managerId: then<string | null>(sql`${userPlacements.managerId}`, sql`${users.managerId}`),
    unidadOrganizacional: then<string | null>(
      sql`${userPlacements.unidadOrganizacional}`,
      sql`${users.unidadOrganizacional}`,
    ),
  };
}

function selectWeekPeople(
  ctx: AppContext,
  weekStart: string,
  day: string | undefined,
  where: SQL | undefined,
) {
  return ctx.db
    .select({
      ...authorColumns,
      ...placedOn(day),
      status: users.status,
      expected: sql<boolean>`${expectedAuthorsOf(weekStart)}`,
      absent: sql<boolean>`${absentAuthorsOf(weekStart)}`,
      reportId: appaSubmissions.id,
      reportStatus: appaSubmissions.status,
      reviewedAt: appaSubmissions.reviewedAt,
      submittedAt: appaSubmissions.submittedAt,
      // Served by the files' submission_id index; 0 for someone without a report.
      fileCount: sql<number>`(select count(*) from ${appaFiles} where ${appaFiles.submissionId} = ${appaSubmissions.id})::int`,
    })
    .from(users)
    .leftJoin(
      appaSubmissions,
      and(eq(appaSubmissions.userId, users.id), eq(appaSubmissions.weekStart, weekStart)),
    )
    .leftJoin(
      userPlacements,
      day
        ? sql`${userPlacements.userId} = ${users.id} and ${userPlacements.validFrom} <= ${day}::date
            and (${userPlacements.validTo} is null or ${userPlacements.validTo} > ${day}::date)`
        : sql`false`,
    )
    .where(where);
}

type SelectedRow = Awaited<ReturnType<typeof selectWeekPeople>>[number];

function present(row: SelectedRow): WeekPerson {
  const { reportId, reportStatus, reviewedAt, submittedAt, fileCount, ...person } = row;
  return {
    ...person,
    report:
      reportId && reportStatus
        ? {
            id: reportId,
            status: reportStatus,
            reviewedAt: reviewedAt?.toISOString() ?? null,
            submittedAt: submittedAt?.toISOString() ?? null,
            fileCount,
          }
        : null,
  };
}

/** Spanish order of name (Á with A), then id: the order every list of people shows. */
export const byName = (a: { fullName: string; id: string }, b: { fullName: string; id: string }) =>
  compareSpanish(a.fullName, b.fullName) || (a.id < b.id ? -1 : 1);

/**
 * Everyone (suspended people and non-authors included) with their report of `weekStart`, by name;
 * of a finished week, with the role, manager and area each had then.
 */
export async function weekPeople(
  ctx: AppContext,
  weekStart: string,
): Promise<readonly WeekPerson[]> {
  const day = await weekAreaDay(ctx, weekStart);
  return ctx.readCache.weekRows(
    `week-people:${weekStart}${day ? '@then' : ''}`,
    weekStart,
    async () => (await selectWeekPeople(ctx, weekStart, day, undefined)).map(present).sort(byName),
    async (ids) =>
      (await selectWeekPeople(ctx, weekStart, day, inArray(users.id, ids))).map(present),
  );
}

/** The read cache's name for an area; none for the organisation, which is everyone. */
function areaName(area: Area): string | undefined {
  if (area.kind === 'organisation') return undefined;
  return `${area.includeSelf ? 'below-and' : 'below'}:${area.viewerId}`;
}

/** A name for `area` in the keys of kept answers. */
export function areaKey(area: Area): string {
  return areaName(area) ?? 'organisation';
}

/**
 * The people of `area`, kept until people change; undefined for the whole organisation. With
 * `weekStart`, the area of that week: as it stood on its last day once it has ended.
 */
export async function areaMembers(
  ctx: AppContext,
  area: Area | null | undefined,
  weekStart?: string,
): Promise<ReadonlySet<string> | undefined> {
  const base = area && areaName(area);
  if (!area || !base) return undefined;
  const day = weekStart ? await weekAreaDay(ctx, weekStart) : undefined;
  return ctx.readCache.area(day ? `${base}@${day}` : base, async () => {
    const rows = await ctx.db.select({ id: users.id }).from(users).where(areaPeople(area, day));
    return new Set(rows.map((r) => r.id));
  });
}

/**
 * What an answer about `area`'s reports of `weeks` depends on, for the read cache: a report
 * written by someone outside the area, or in another week, leaves it as it is. The area is read
 * (and known to the cache) before the answer is looked up, as the cache needs.
 */
export async function areaReach(
  ctx: AppContext,
  area: Area | null | undefined,
  weeks: readonly string[],
): Promise<Reach> {
  const base = area ? areaName(area) : undefined;
  if (!area || !base) return { weeks };
  const days = new Set(await Promise.all(weeks.map((w) => weekAreaDay(ctx, w))));
  // Areas of several finished weeks are several sets: any report of those weeks reaches it.
  if (days.size > 1) return { weeks };
  const [day] = days;
  await areaMembers(ctx, area, day ? weeks[0] : undefined);
  return { weeks, area: day ? `${base}@${day}` : base };
}

/** The people of the week who belong to `members` (everyone when undefined), in the table's order. */
export function inArea(
  people: readonly WeekPerson[],
  members: ReadonlySet<string> | undefined,
): readonly WeekPerson[] {
  return members ? people.filter((p) => members.has(p.id)) : people;
}
