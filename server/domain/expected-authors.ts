import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { absences, appaSubmissions, userActivity, users } from '../db/schema';
import { REPORTING_ROLES } from '../policies/actor';

/**
 * Who is expected to send an APPA in week W: the one place that answers it, for every screen,
 * export, digest and reminder (the panel's tiles and pending people, the dashboards' rates and
 * trends, the organisation's reports, the manual and automatic reminders). "Pendientes" are the
 * expected authors without an ENVIADO report for the week; a BORRADOR does not count as sent.
 *
 * The answers are SQL over rows of `users`, to be placed inside the callers' own statements (a
 * condition, a selected column, a count), so that no caller writes the rule again.
 *
 * The rule: someone whose role reports (USER, LIDER, GERENTE, VP; ADMIN and CONSEJO never do) is
 * expected in week W when they were active (`user_activity`) for the whole of it: from its Monday
 * (their first full week; someone created on a Wednesday starts the next week) to its Sunday, or
 * still active while it runs. Someone suspended during a week is not expected in it, nor after;
 * every week they were active for stays as it was. Past weeks never change when people are added
 * or suspended today.
 *
 * Nor in a week fully inside a recorded absence (Monday to Sunday within its days).
 *
 * Still from today's state: the role, and the area (who reports to whom), until those changes are
 * kept with their dates too.
 */

/**
 * A week: its Monday as 'YYYY-MM-DD', or a column or expression holding one (such as
 * `appa_submissions.week_start`, to judge each report against its own week).
 */
export type WeekRef = string | SQLWrapper;

/**
 * A condition on `users` rows: the person is expected to send an APPA for `week`. `area`, a
 * condition on `users` too, narrows it to a part of the organisation (absent: everyone).
 */
export function expectedAuthorsOf(week: WeekRef, area?: SQL): SQL {
  const rule = sql`(${inArray(users.role, [...REPORTING_ROLES])} and exists (
      select 1 from ${userActivity}
      where ${userActivity.userId} = ${users.id}
        and ${userActivity.activeFrom} <= ${week}::date
        and (${userActivity.activeTo} is null or ${userActivity.activeTo} >= ${week}::date + 7)
    ) and not exists (
      select 1 from ${absences}
      where ${absences.userId} = ${users.id}
        and ${absences.fromDate} <= ${week}::date
        and ${absences.toDate} >= ${week}::date + 6
    ))`;
  return area ? sql`(${rule} and ${area})` : rule;
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

/** How many people of `area` (absent: the organisation) are expected in each week, in one statement. */
export async function countExpected(
  db: Db,
  weekStarts: readonly string[],
  area?: SQL,
): Promise<Map<string, number>> {
  const weeks = [...new Set(weekStarts)];
  if (weeks.length === 0) return new Map();
  const columns = Object.fromEntries(
    weeks.map((w, i) => [
      `w${i}`,
      sql<number>`(count(*) filter (where ${expectedAuthorsOf(w)}))::int`,
    ]),
  );
  const [row] = await db.select(columns).from(users).where(area);
  return new Map(weeks.map((w, i) => [w, row?.[`w${i}`] ?? 0]));
}
