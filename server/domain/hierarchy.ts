import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import { userPlacements, users } from '../db/schema';

/**
 * The hierarchy is the users.managerId tree: who is below whom, at any depth. This module is the
 * one place that walks it; the policies, the dashboards, the panel's areas and the user admin all
 * ask here.
 *
 * The database walks it with recursive CTEs. `union` (not `union all`) drops rows already seen, so
 * a loop in the data (A manages B manages A) ends the walk instead of running forever.
 */

/**
 * `select id from below`: everyone below `rootId`, all levels, as a subquery for
 * `column in (${belowIds(id)})`. The anchor and each step are served by users_manager_id_idx.
 *
 * With `asOf` (an organisation-local date of the past), the tree as it stood that day, from
 * `user_placements`: a finished week's area is who was below the manager then, not today.
 */
export function belowIds(rootId: string, asOf?: string): SQL {
  if (asOf) {
    const placed = (p: SQL) => sql`${p}.valid_from <= ${asOf}::date
        and (${p}.valid_to is null or ${p}.valid_to > ${asOf}::date)`;
    return sql`with recursive below(id) as (
        select p.user_id from ${userPlacements} p
        where p.manager_id = ${rootId} and ${placed(sql`p`)}
        union
        select p.user_id from ${userPlacements} p join below b on p.manager_id = b.id
        where ${placed(sql`p`)}
      ) select id from below`;
  }
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

/**
 * Which of `personIds` are below `rootId`, in one statement whatever their number: it climbs from
 * each person to the top (one row per level), so it costs the depth of the tree, not the size of
 * the root's area.
 */
export async function whoIsBelow(
  ctx: AppContext,
  rootId: string,
  personIds: readonly string[],
): Promise<Set<string>> {
  const ids = [...new Set(personIds)];
  if (ids.length === 0) return new Set();
  const climbed = sql`with recursive up(person_id, manager_id) as (
      select id, manager_id from users where ${inArray(users.id, ids)}
      union
      select up.person_id, u.manager_id from up join users u on u.id = up.manager_id
    ) select person_id from up where manager_id = ${rootId}`;
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.id} in (${climbed})`);
  return new Set(rows.map((r) => r.id));
}

/** Whether `managerId` is above `personId` in the hierarchy (their manager, or a manager's...). */
export async function isAbove(
  ctx: AppContext,
  managerId: string,
  personId: string,
): Promise<boolean> {
  return (await whoIsBelow(ctx, managerId, [personId])).has(personId);
}

/** The managers above `personId`, nearest first, up to the top (a loop stops at its first repeat). */
export async function managersAbove(ctx: AppContext, personId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: users.id, managerId: users.managerId })
    .from(users)
    .where(or(eq(users.id, personId), sql`${users.id} in (${aboveIds(personId)})`));
  const managerOf = new Map(rows.map((r) => [r.id, r.managerId]));
  const chain: string[] = [];
  for (let next = managerOf.get(personId); next && managerOf.has(next);) {
    if (next === personId || chain.includes(next)) break;
    chain.push(next);
    next = managerOf.get(next);
  }
  return chain;
}

/**
 * Depth of each of `rows` below `viewerId`, from their managerId links: 1 for the viewer's direct
 * reports (and, when the rows are the whole organisation, for people whose manager is not among
 * them).
 */
export function levelsBelow(
  rows: readonly { id: string; managerId: string | null }[],
  viewerId: string,
): Map<string, number> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const memo = new Map<string, number>();
  const levelOf = (id: string, seen: Set<string>): number => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const managerId = byId.get(id)?.managerId ?? null;
    const parent = managerId && managerId !== viewerId ? byId.get(managerId) : undefined;
    // A loop in the data stops the walk instead of recursing forever.
    const level = parent && !seen.has(parent.id) ? levelOf(parent.id, seen.add(id)) + 1 : 1;
    memo.set(id, level);
    return level;
  };
  return new Map(rows.map((r) => [r.id, levelOf(r.id, new Set())]));
}

/**
 * The people a dashboard, the panel or a digest counts for a viewer: the whole organisation, or
 * everyone below the viewer, with or without the viewer themself.
 */
export type Area =
  | { kind: 'organisation'; viewerId: string }
  | { kind: 'below'; viewerId: string; includeSelf: boolean };

/**
 * A condition on users.id selecting the people of `area`; undefined for the organisation. With
 * `asOf`, the area as it stood that day (a finished week's: `weekAreaDay`).
 */
export function areaPeople(area: Area, asOf?: string): SQL | undefined {
  if (area.kind === 'organisation') return undefined;
  const below = sql`${users.id} in (${belowIds(area.viewerId, asOf)})`;
  return area.includeSelf ? or(below, eq(users.id, area.viewerId)) : below;
}
