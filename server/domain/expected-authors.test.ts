import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../common/roles';
import type { Database } from '../db/client';
import { appaSubmissions, users, type UserRow } from '../db/schema';
import { reportsByRole } from '../policies/actor';
import { buildUser, openTestDatabase } from '../test/helper';
import {
  countExpected,
  expectedAuthorsOf,
  expectedWeeksOf,
  pendingAuthorsOf,
} from './expected-authors';

const WEEK = '2026-11-16';
const LAST_WEEK = '2026-11-09';

let database: Database;
const people: Partial<Record<Role, UserRow>> = {};
let suspended: UserRow;
let boss: UserRow;
let below: UserRow;

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id).toSorted();
const person = (role: Role) => {
  const row = people[role];
  if (!row) throw new Error(`no ${role}`);
  return row;
};

async function report(userId: string, weekStart: string, status: 'ENVIADO' | 'BORRADOR') {
  await database.db.insert(appaSubmissions).values({
    userId,
    weekStart,
    weekEnd: weekStart,
    status,
    submittedAt: status === 'ENVIADO' ? new Date(`${weekStart}T15:00:00Z`) : null,
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  const t = { db: database.db };
  for (const role of ROLES) people[role] = await buildUser(t, { role });
  suspended = await buildUser(t, { role: 'USER', status: 'SUSPENDIDO' });
  boss = await buildUser(t, { role: 'GERENTE' });
  below = await buildUser(t, { role: 'LIDER', managerId: boss.id });
  await report(person('USER').id, WEEK, 'ENVIADO');
  await report(person('LIDER').id, WEEK, 'BORRADOR');
  await report(person('VP').id, LAST_WEEK, 'ENVIADO');
  await report(person('CONSEJO').id, WEEK, 'ENVIADO');
});
afterAll(async () => {
  await database.close();
});

const select = (where: SQL) => database.db.select({ id: users.id }).from(users).where(where);

describe('reportsByRole', () => {
  it.each(ROLES.map((role) => [role, !['ADMIN', 'CONSEJO'].includes(role)] as const))(
    '%s reports: %s',
    (role, reports) => {
      expect(reportsByRole(role)).toBe(reports);
    },
  );
});

describe('expectedAuthorsOf', () => {
  it('expects every active USER, LIDER, GERENTE and VP; not ADMIN, CONSEJO or the suspended', async () => {
    const expected = ids(await select(expectedAuthorsOf(WEEK)));
    expect(expected).toEqual(
      ids([person('USER'), person('LIDER'), person('GERENTE'), person('VP'), boss, below]),
    );
    expect(expected).not.toContain(suspended.id);
  });

  it('narrows to an area given as a condition on users', async () => {
    const area = eq(users.managerId, boss.id);
    expect(ids(await select(expectedAuthorsOf(WEEK, area)))).toEqual([below.id]);
  });

  it('judges each report against its own week when the week is a column', async () => {
    const rows = await database.db
      .select({ id: appaSubmissions.id, userId: appaSubmissions.userId })
      .from(appaSubmissions)
      .innerJoin(users, eq(users.id, appaSubmissions.userId))
      .where(expectedAuthorsOf(appaSubmissions.weekStart));
    // The board member's report is not an expected author's.
    expect(rows.map((r) => r.userId).toSorted()).toEqual(
      ids([person('USER'), person('LIDER'), person('VP')]),
    );
  });
});

describe('pendingAuthorsOf', () => {
  it('is the expected authors without an ENVIADO report that week; a draft is still pending', async () => {
    const pending = ids(await select(pendingAuthorsOf(WEEK)));
    expect(pending).toEqual(ids([person('LIDER'), person('GERENTE'), person('VP'), boss, below]));
    // A report of another week does not count.
    expect(pending).toContain(person('VP').id);
    expect(ids(await select(pendingAuthorsOf(LAST_WEEK)))).not.toContain(person('VP').id);
  });
});

describe('expectedWeeksOf', () => {
  it('counts, per person, the weeks they are expected in', async () => {
    const rows = await database.db
      .select({
        id: users.id,
        weeks: expectedWeeksOf([LAST_WEEK, WEEK]),
        none: expectedWeeksOf([]),
      })
      .from(users)
      .where(inArray(users.id, [person('USER').id, person('CONSEJO').id, suspended.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(person('USER').id)).toMatchObject({ weeks: 2, none: 0 });
    expect(byId.get(person('CONSEJO').id)).toMatchObject({ weeks: 0, none: 0 });
    expect(byId.get(suspended.id)).toMatchObject({ weeks: 0, none: 0 });
  });

  it('selects the people of a period as those expected in at least one of its weeks', async () => {
    const inPeriod = await select(sql`${expectedWeeksOf([WEEK])} > 0`);
    expect(ids(inPeriod)).toEqual(ids(await select(expectedAuthorsOf(WEEK))));
    expect(await select(sql`${expectedWeeksOf([])} > 0`)).toEqual([]);
  });
});

describe('countExpected', () => {
  it('counts the expected authors of each week, in the organisation or an area', async () => {
    const organisation = await countExpected(database.db, [LAST_WEEK, WEEK, WEEK]);
    expect([...organisation]).toEqual([
      [LAST_WEEK, 6],
      [WEEK, 6],
    ]);
    const area = eq(users.managerId, boss.id);
    expect(await countExpected(database.db, [WEEK], area)).toEqual(new Map([[WEEK, 1]]));
    expect(await countExpected(database.db, [])).toEqual(new Map());
  });
});
