import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../common/schemas/users';
import type { WeekResponse } from '../../common/schemas/panel';
import { userActivity, users } from '../db/schema';
import { buildReport } from '../test/factories';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
import { requestAs, type Person } from '../test/review-fixture';
import { countExpected, pendingAuthorsOf } from './expected-authors';

/*
 * Who was expected in a past week is that week's truth: people hired, suspended or reactivated
 * later never change it. Everything here happens through the administrator's routes, on the
 * server's clock, as it would in production.
 */

const BEFORE = '2026-11-09';
const DURING = '2026-11-16';
const AFTER = '2026-11-23';
// Wednesday 2026-11-18, 09:00 in Lima.
const WEDNESDAY = new Date('2026-11-18T14:00:00Z');

let t: TestApp;
let admin: Person;
let steady: Person;
let leaver: Person;
let returner: Person;
let hired: CreatedUser['user'];
const inject = requestAs(() => t);

const expectedIn = async (week: string) =>
  (await countExpected(t.db, [week], eq(users.unidadOrganizacional, 'Historia'))).get(week);
const pendingIn = async (week: string) =>
  (
    await t.db
      .select({ fullName: users.fullName })
      .from(users)
      .where(pendingAuthorsOf(week, eq(users.unidadOrganizacional, 'Historia')))
  )
    .map((r) => r.fullName)
    .toSorted();
const setStatus = async (person: { id: string }, status: 'ACTIVO' | 'SUSPENDIDO') => {
  const res = await inject(admin, 'PUT', `/api/users/${person.id}/status`, { status });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { role: 'ADMIN' });
  const placed = { unidadOrganizacional: 'Historia' };
  steady = await buildUser(t, { fullName: 'Ana Constante', ...placed });
  leaver = await buildUser(t, { fullName: 'Bruno Saliente', ...placed });
  returner = await buildUser(t, { fullName: 'Carla Regresa', ...placed });
  await buildReport(t, { user: steady, weekStart: BEFORE, status: 'ENVIADO' });

  // Wednesday of the middle week: one joins, one leaves, one leaves and comes back the same day.
  t.clock.current = WEDNESDAY;
  const created = await inject(admin, 'POST', '/api/users', {
    email: 'diego.nuevo@example.com',
    fullName: 'Diego Nuevo',
    unidadOrganizacional: 'Historia',
  });
  expect(created.statusCode, created.body).toBe(200);
  hired = (created.json() as CreatedUser).user;
  await setStatus(leaver, 'SUSPENDIDO');
  await setStatus(returner, 'SUSPENDIDO');
  t.clock.advance(3_600_000);
  await setStatus(returner, 'ACTIVO');
});
afterAll(async () => {
  await t.close();
});

describe('expected authors come from history', () => {
  it('counts a week before the changes as it was: the leaver still owes it', async () => {
    expect(await expectedIn(BEFORE)).toBe(3);
    expect(await pendingIn(BEFORE)).toEqual(['Bruno Saliente', 'Carla Regresa']);
  });

  it('expects nobody during a week they joined or left in', async () => {
    // Ana only: Diego joined on its Wednesday, Bruno and Carla were suspended on it.
    expect(await expectedIn(DURING)).toBe(1);
    expect(await pendingIn(DURING)).toEqual(['Ana Constante']);
  });

  it('expects the new hire from their first full week, and the one who came back', async () => {
    expect(await expectedIn(AFTER)).toBe(3);
    expect(await pendingIn(AFTER)).toEqual(['Ana Constante', 'Carla Regresa', 'Diego Nuevo']);
  });

  it('keeps the spans of activity the changes made, dated by the server', async () => {
    const spans = await t.db
      .select({
        userId: userActivity.userId,
        from: userActivity.activeFrom,
        to: userActivity.activeTo,
      })
      .from(userActivity)
      .where(eq(userActivity.userId, returner.id))
      .orderBy(userActivity.activeFrom);
    expect(spans).toEqual([
      { userId: returner.id, from: '2020-01-06', to: '2026-11-18' },
      { userId: returner.id, from: '2026-11-18', to: null },
    ]);
    const [joined] = await t.db
      .select({ from: userActivity.activeFrom, to: userActivity.activeTo })
      .from(userActivity)
      .where(eq(userActivity.userId, hired.id));
    expect(joined).toEqual({ from: '2026-11-18', to: null });
  });

  it('shows the past week in the panel with the leaver pending and the hire absent', async () => {
    const res = await inject(admin, 'GET', `/api/appa?weekStart=${BEFORE}`);
    expect(res.statusCode).toBe(200);
    const week = res.json() as WeekResponse;
    const names = week.pending.map((p) => p.fullName);
    expect(names).toEqual(expect.arrayContaining(['Bruno Saliente', 'Carla Regresa']));
    expect(names).not.toContain('Diego Nuevo');
  });
});
