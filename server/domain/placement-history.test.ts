import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HierarchyResponse, TrendsResponse } from '../../common/schemas/dashboard';
import type { WeekResponse } from '../../common/schemas/panel';
import { absences, userActivity, userPlacements, users } from '../db/schema';
import { REPORTING_ROLES } from '../policies/actor';
import { ROLES } from '../../common/roles';
import { buildReport } from '../test/factories';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
import { requestAs, type Person } from '../test/review-fixture';

/*
 * A finished week's areas and roles are those of that week: moving someone to another manager or
 * giving them another role today leaves every past week's figures as they were, on the managers'
 * dashboards, their trends and the panel alike. Everything happens through the administrator's
 * routes, on the server's clock.
 */

const FIRST = '2026-11-09';
const SECOND = '2026-11-16';
const THIRD = '2026-11-23';
// Wednesday of the second week, 09:00 in Lima; then Wednesday of the third.
const MOVE_DAY = new Date('2026-11-18T14:00:00Z');
const TODAY = new Date('2026-11-25T14:00:00Z');

let t: TestApp;
let admin: Person;
let north: Person;
let south: Person;
let ana: Person;
let beto: Person;
let ceci: Person;
let west: Person;
// Sessions begin again once the clock has moved a week: an idle one would have expired.
let inject = requestAs(() => t);

const change = async (person: { id: string }, fields: object) => {
  const res = await inject(admin, 'PATCH', `/api/users/${person.id}`, fields);
  expect(res.statusCode, res.body).toBe(200);
};
const dashboard = async (viewer: Person, week: string) => {
  const res = await inject(viewer, 'GET', `/api/dashboard/hierarchy?weekStart=${week}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as HierarchyResponse).analytics;
};
const trend = async (viewer: Person) => {
  const res = await inject(viewer, 'GET', '/api/dashboard/trends?weeks=3');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TrendsResponse).completion.map((w) => [w.weekStart, w.expected, w.sent]);
};
const panel = async (viewer: Person, week: string) => {
  const res = await inject(viewer, 'GET', `/api/appa?weekStart=${week}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as WeekResponse;
  return {
    expected: body.counts.expected,
    pending: body.pending.map((p) => p.fullName).toSorted(),
  };
};
/** Every figure a manager reads of the three weeks, as one value to compare before and after. */
const figures = async (viewer: Person) => ({
  first: await dashboard(viewer, FIRST),
  second: await dashboard(viewer, SECOND),
  panelFirst: await panel(viewer, FIRST),
  panelSecond: await panel(viewer, SECOND),
  trend: (await trend(viewer)).filter(([week]) => week !== THIRD),
});

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { role: 'ADMIN' });
  north = await buildUser(t, { role: 'GERENTE', fullName: 'Gerente Norte' });
  south = await buildUser(t, { role: 'GERENTE', fullName: 'Gerente Sur' });
  ana = await buildUser(t, { fullName: 'Ana Fija', managerId: north.id });
  beto = await buildUser(t, { fullName: 'Beto Mudado', managerId: north.id });
  ceci = await buildUser(t, { fullName: 'Ceci Promovida', managerId: north.id });
  west = await buildUser(t, { role: 'GERENTE', fullName: 'Gerente Oeste' });
  const away = await buildUser(t, { fullName: 'Dora Viajera', managerId: west.id });
  await t.db.insert(absences).values({
    userId: away.id,
    fromDate: SECOND,
    toDate: '2026-11-22',
    reason: 'viaje',
  });
  for (const week of [FIRST, SECOND]) {
    await buildReport(t, { user: ana, weekStart: week, status: 'ENVIADO' });
    await buildReport(t, { user: beto, weekStart: week, status: 'ENVIADO' });
  }
  // Wednesday of the second week: Beto moves to the south.
  t.clock.current = MOVE_DAY;
  await change(beto, { managerId: south.id });
  t.clock.current = TODAY;
  inject = requestAs(() => t);
});
afterAll(async () => {
  await t.close();
});

describe('a finished week keeps its areas', () => {
  it('counts someone in the area they were in that week', async () => {
    expect(await dashboard(north, FIRST)).toMatchObject({ expected: 3, submittedCount: 2 });
    // The week of the move ends with Beto in the south.
    expect(await dashboard(north, SECOND)).toMatchObject({ expected: 2, submittedCount: 1 });
    expect(await dashboard(south, FIRST)).toMatchObject({ expected: 0, submittedCount: 0 });
    expect(await dashboard(south, SECOND)).toMatchObject({ expected: 1, submittedCount: 1 });
    expect(await trend(north)).toEqual([
      [FIRST, 3, 2],
      [SECOND, 2, 1],
      [THIRD, 2, 0],
    ]);
    // The south's trend begins with its first week that had anyone expected.
    expect(await trend(south)).toEqual([
      [SECOND, 1, 1],
      [THIRD, 1, 0],
    ]);
    expect(await panel(north, FIRST)).toEqual({ expected: 3, pending: ['Ceci Promovida'] });
    // A week when everyone was away is empty, not 0 %.
    const rates = await inject(west, 'GET', '/api/dashboard/trends?weeks=3');
    expect((rates.json() as TrendsResponse).completion).toEqual([
      { weekStart: FIRST, expected: 1, sent: 0, rate: 0 },
      { weekStart: SECOND, expected: 0, sent: 0, rate: null },
      { weekStart: THIRD, expected: 1, sent: 0, rate: 0 },
    ]);
    expect(await panel(south, SECOND)).toEqual({ expected: 1, pending: [] });
  });

  it('leaves past weeks as they were when someone moves or changes role today', async () => {
    const northBefore = await figures(north);
    const southBefore = await figures(south);
    // Today: Ana moves south, Ceci becomes an administrator (a role that does not report).
    await change(ana, { managerId: south.id });
    await change(ceci, { role: 'ADMIN' });

    expect(await figures(north)).toEqual(northBefore);
    expect(await figures(south)).toEqual(southBefore);
    // The week that runs follows today's organisation.
    expect((await trend(north)).at(-1)).toEqual([THIRD, 0, 0]);
    expect((await trend(south)).at(-1)).toEqual([THIRD, 2, 0]);
  });

  it('keeps one span per change, a second change the same day replacing the first', async () => {
    await change(beto, { unidadOrganizacional: 'Logística' });
    t.clock.advance(60_000);
    await change(beto, { unidadOrganizacional: 'Ventas' });
    const spans = await t.db
      .select({
        managerId: userPlacements.managerId,
        area: userPlacements.unidadOrganizacional,
        from: userPlacements.validFrom,
        to: userPlacements.validTo,
      })
      .from(userPlacements)
      .where(eq(userPlacements.userId, beto.id))
      .orderBy(asc(userPlacements.validFrom));
    expect(spans).toEqual([
      { managerId: north.id, area: null, from: '2020-01-06', to: '2026-11-18' },
      { managerId: south.id, area: null, from: '2026-11-18', to: '2026-11-25' },
      { managerId: south.id, area: 'Ventas', from: '2026-11-25', to: null },
    ]);
  });

  it('never opens a span before the last one began, when a clock steps back', async () => {
    const back = t.clock.current;
    t.clock.current = new Date('2026-11-22T14:00:00Z');
    try {
      await change(beto, { unidadOrganizacional: 'Compras' });
    } finally {
      t.clock.current = back;
    }
    const spans = await t.db
      .select({ from: userPlacements.validFrom, to: userPlacements.validTo })
      .from(userPlacements)
      .where(eq(userPlacements.userId, beto.id))
      .orderBy(asc(userPlacements.validFrom));
    // The change replaces the span that began on the 25th instead of overlapping the one before.
    expect(spans.slice(-2)).toEqual([
      { from: '2026-11-18', to: '2026-11-25' },
      { from: '2026-11-25', to: null },
    ]);
    const res = await inject(admin, 'GET', `/api/appa?weekStart=${SECOND}`);
    const week = res.json() as WeekResponse;
    const named = [...week.submissions.map((s) => s.user.id), ...week.pending.map((p) => p.id)];
    expect(named.filter((id) => id === beto.id)).toHaveLength(1);
  });
});

describe('the roles that report', () => {
  it('are the same in the database trigger as in the policies', async () => {
    const reporting: string[] = [];
    for (const role of ROLES) {
      const person = await buildUser(t, { role });
      const [span] = await t.db
        .select({ id: userActivity.id })
        .from(userActivity)
        .where(and(eq(userActivity.userId, person.id)));
      if (span) reporting.push(role);
    }
    expect(reporting.toSorted()).toEqual([...REPORTING_ROLES].toSorted());
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, ceci.id));
    expect(row?.role).toBe('ADMIN');
  });
});
