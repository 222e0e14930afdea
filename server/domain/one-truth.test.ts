import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HierarchyResponse, TrendsResponse } from '../../common/schemas/dashboard';
import type { WeekResponse } from '../../common/schemas/panel';
import { absences, users } from '../db/schema';
import { digestFor } from '../jobs/digest';
import { buildReport } from '../test/factories';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
import { requestAs, type Person } from '../test/review-fixture';
import { eq } from 'drizzle-orm';

/*
 * One organisation whose people join, leave, move and go away across three weeks: every place
 * that counts a week (the panel, the dashboards, their trends, the monthly and weekly reports and
 * the digest) gives the same number of expected authors and of reports sent, for the whole
 * organisation and for a manager's area.
 */

const W1 = '2026-11-02';
const W2 = '2026-11-09';
// The test clock's week: Wednesday 2026-11-18 in Lima.
const W3 = '2026-11-16';
const WEEKS = [W1, W2, W3];
// Wednesday of the second week, in Lima.
const MIDWEEK = new Date('2026-11-11T15:00:00Z');
const NOW = new Date('2026-11-18T15:00:00Z');

let t: TestApp;
let admin: Person;
let board: Person;
let north: Person;
let inject = requestAs(() => t);

/*
 * Below the north manager: Ana sends every week; Beto joins on Wednesday of W1; Ciro is suspended
 * on Wednesday of W2; Dana moves to the south manager that day; Eva is away all of W2.
 *
 * Expected (the south manager reports too, as does the north one):
 *   north's area: W1 Ana, Ciro, Dana, Eva (4); W2 Ana, Beto (2); W3 Ana, Beto, Eva (3).
 *   organisation: the area's, plus both managers, plus Dana once she is in the south:
 *                 W1 6; W2 5; W3 6.
 */
const EXPECTED: Record<'organisation' | 'north', Record<string, number>> = {
  organisation: { [W1]: 6, [W2]: 5, [W3]: 6 },
  north: { [W1]: 4, [W2]: 2, [W3]: 3 },
};
// Ana sent W1 and W2; Ciro sent W1; Beto sent W3.
const SENT: Record<'organisation' | 'north', Record<string, number>> = {
  organisation: { [W1]: 2, [W2]: 1, [W3]: 1 },
  north: { [W1]: 2, [W2]: 1, [W3]: 1 },
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { role: 'ADMIN' });
  board = await buildUser(t, { role: 'CONSEJO' });
  north = await buildUser(t, { role: 'GERENTE', fullName: 'Gerente Norte' });
  const south = await buildUser(t, { role: 'GERENTE', fullName: 'Gerente Sur' });
  const below = { managerId: north.id };
  const ana = await buildUser(t, { fullName: 'Ana', ...below });
  const beto = await buildUser(t, {
    fullName: 'Beto',
    ...below,
    since: new Date('2026-11-04T15:00:00Z'),
  });
  const ciro = await buildUser(t, { fullName: 'Ciro', ...below });
  const dana = await buildUser(t, { fullName: 'Dana', ...below });
  const eva = await buildUser(t, { fullName: 'Eva', ...below });
  await t.db
    .insert(absences)
    .values({ userId: eva.id, fromDate: W2, toDate: '2026-11-15', reason: 'vacaciones' });
  for (const week of [W1, W2])
    await buildReport(t, { user: ana, weekStart: week, status: 'ENVIADO' });
  await buildReport(t, { user: ciro, weekStart: W1, status: 'ENVIADO' });
  await buildReport(t, { user: beto, weekStart: W3, status: 'ENVIADO' });
  // A draft counts nowhere as sent.
  await buildReport(t, { user: dana, weekStart: W1, status: 'BORRADOR' });

  t.clock.current = MIDWEEK;
  const suspend = await inject(admin, 'PUT', `/api/users/${ciro.id}/status`, {
    status: 'SUSPENDIDO',
  });
  expect(suspend.statusCode, suspend.body).toBe(200);
  const move = await inject(admin, 'PATCH', `/api/users/${dana.id}`, { managerId: south.id });
  expect(move.statusCode, move.body).toBe(200);
  t.clock.current = NOW;
  inject = requestAs(() => t);
});
afterAll(async () => {
  await t.close();
});

const json = async <T>(viewer: Person, url: string): Promise<T> => {
  const res = await inject(viewer, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};
const text = async (url: string) => {
  const res = await inject(admin, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.body;
};

/** What each place says of the week: [expected, sent]. */
async function panel(viewer: Person, week: string) {
  const body = await json<WeekResponse>(viewer, `/api/appa?weekStart=${week}`);
  return [body.counts.expected, body.counts.expected - body.counts.pending];
}
async function dashboard(viewer: Person, week: string) {
  const { analytics } = await json<HierarchyResponse>(
    viewer,
    `/api/dashboard/hierarchy?weekStart=${week}`,
  );
  return [analytics.expected, analytics.expected - analytics.pendingCount];
}
async function trend(viewer: Person, week: string) {
  const { completion } = await json<TrendsResponse>(viewer, '/api/dashboard/trends?weeks=3');
  const point = completion.find((w) => w.weekStart === week);
  return [point?.expected, point?.sent];
}
async function digest(week: string) {
  const [person] = await t.db.select().from(users).where(eq(users.id, north.id));
  if (!person) throw new Error('no manager');
  const mail = await digestFor(t.ctx, person, week);
  const [, sent, expected] = /Enviados: (\d+) de (\d+)/.exec(mail?.text ?? '') ?? [];
  return [Number(expected), Number(sent)];
}

describe('every place counts a week the same', () => {
  it.each(WEEKS)('the organisation, week of %s', async (week) => {
    const truth = [EXPECTED.organisation[week], SENT.organisation[week]];
    expect(await panel(admin, week)).toEqual(truth);
    expect(await dashboard(board, week)).toEqual(truth);
    expect(await trend(board, week)).toEqual(truth);
    const weekly = await text(`/api/reports/weekly?weekStart=${week}&format=txt`);
    expect(weekly).toContain(`Usuarios esperados: ${truth[0]}`);
    expect(weekly).toContain(`Enviados: ${truth[1]}`);
    const monthly = await text('/api/reports/monthly?month=2026-11&format=txt');
    expect(monthly).toMatch(
      new RegExp(
        `${week.slice(8)}/11/2026 al [^)]+\\)[^:]*: esperados ${truth[0]}, enviados ${truth[1]},`,
      ),
    );
  });

  it.each(WEEKS)('the north manager’s area, week of %s', async (week) => {
    const truth = [EXPECTED.north[week], SENT.north[week]];
    expect(await panel(north, week)).toEqual(truth);
    expect(await dashboard(north, week)).toEqual(truth);
    expect(await trend(north, week)).toEqual(truth);
    expect(await digest(week)).toEqual(truth);
  });
});
