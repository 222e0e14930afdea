import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { absences, appaSubmissions, userActivity, users } from '../db/schema';

/**
 * Who is expected to send an APPA in week W: the one place that answers it, for every screen,
 * export, digest and reminder (the panel's tiles and pending people, the dashboards' rates and
 * trends, the organisation's reports, the manual and automatic reminders). "Pendientes" are the
 * expected authors without an ENVIADO report for the week; a BORRADOR does not count as sent.
 *
 * The answers are SQL over rows of `users`, to be placed inside the callers' own statements (a
 * condition, a selected column, a count), so that no caller writes the rule again.
 *
 * The rule: someone is expected in week W when they were active in a role that reports (USER,
 * LIDER, GERENTE, VP; ADMIN and CONSEJO never do) for the whole of it (`user_activity`): from its
 * Monday (their first full week; someone created on a Wednesday starts the next week) to its
 * Sunday, or still so while it runs. Someone suspended, or made ADMIN, during a week is not
 * expected in it, nor after; every week they were expected in stays as it was. Past weeks never
 * change when people are added, suspended or given another role today.
 *
 * Nor in a week fully inside a recorded absence (Monday to Sunday within its days).
 *
 * Who belongs to a manager's area in a finished week comes from that week too (`areaPeople` with
 * the week's day, domain/hierarchy.ts).
 */

/**
 * A week: its Monday as 'YYYY-MM-DD', or a column or expression holding one (such as
 * `appa_submissions.week_start`, to judge each report against its own week).
 */
export type WeekRef = string | SQLWrapper;

/** Active in a role that reports for the whole of `week`. */
function activeThrough(week: WeekRef): SQL {
  return sql`exists (
      select 1 from ${userActivity}
      where ${userActivity.userId} = ${users.id}
        and ${userActivity.activeFrom} <= ${week}::date
        and (${userActivity.activeTo} is null or ${userActivity.activeTo} >= ${week}::date + 7)
    )`;
}

/** Away for the whole of `week` (Monday to Sunday inside one recorded absence). */
function awayThrough(week: WeekRef): SQL {
  return sql`exists (
      select 1 from ${absences}
      where ${absences.userId} = ${users.id}
        and ${absences.fromDate} <= ${week}::date
        and ${absences.toDate} >= ${week}::date + 6
    )`;
}

/**
 * A condition on `users` rows: the person is expected to send an APPA for `week`. `area`, a
 * condition on `users` too, narrows it to a part of the organisation (absent: everyone).
 */
export function expectedAuthorsOf(week: WeekRef, area?: SQL): SQL {
  const rule = sql`(${activeThrough(week)} and not ${awayThrough(week)})`;
  return area ? sql`(${rule} and ${area})` : rule;
}

/**
 * A condition on `users` rows: the person would be expected in `week` but is away for all of it;
 * the lists of pending people show them as "Ausente", and no figure counts them.
 */
export function absentAuthorsOf(week: WeekRef): SQL {
  return sql`(${activeThrough(week)} and ${awayThrough(week)})`;
}

/** A condition on `users` rows: expected for the week and without an ENVIADO report for it. */
export function pendingAuthorsOf(weekStart: string, area?: SQL): SQL {
  return sql`(${expectedAuthorsOf(weekStart, area)} and not exists (
      select 1 from ${appaSubmissions}
      where ${appaSubmissions.userId} = ${users.id}
        and ${appaSubmissions.weekStart} = ${weekStart}
        and ${appaSubmissions.status} = 'ENVIADO'
    ))`;
}

/**
 * An integer expression on a `users` row: in how many of `weekStarts` the person is expected
 * (a person's denominator over a period; 0 for no week at all).
 */
export function expectedWeeksOf(weekStarts: readonly string[]): SQL<number> {
  if (weekStarts.length === 0) return sql<number>`0`;
  const each = weekStarts.map((w) => sql`(case when ${expectedAuthorsOf(w)} then 1 else 0 end)`);
  return sql<number>`(${sql.join(each, sql` + `)})::int`;
}

/**
 * How many people of `area` (absent: the organisation) are expected in each week, in one
 * statement. `area` is one condition for every week, or each week's own (a manager's area as it
 * stood in that week).
 */
export async function countExpected(
  db: Db,
  weekStarts: readonly string[],
  area?: SQL | ((weekStart: string) => SQL | undefined),
): Promise<Map<string, number>> {
  const weeks = [...new Set(weekStarts)];
  if (weeks.length === 0) return new Map();
  const areaOf = typeof area === 'function' ? area : () => undefined;
  const columns = Object.fromEntries(
    weeks.map((w, i) => [
      `w${i}`,
      sql<number>`(count(*) filter (where ${expectedAuthorsOf(w, areaOf(w))}))::int`,
    ]),
  );
  const [row] = await db
    .select(columns)
    .from(users)
    .where(typeof area === 'function' ? undefined : area);
  return new Map(weeks.map((w, i) => [w, row?.[`w${i}`] ?? 0]));
}
