import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportBody } from '../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../test/helper';

// The panel and the dashboards, which many people watch while hundreds of authors write, may lag
// the reports others write by SHARED_VIEWS_LAG_MS: they are computed again at most that often.

const WEEK = '2026-11-16';
const LAG_MS = 1_000;

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ sharedViewsLagMs: LAG_MS });
  const admin = await buildUser(t, { role: 'ADMIN', fullName: 'Ana Admin' });
  const consejo = await buildUser(t, { role: 'CONSEJO', fullName: 'Carla Consejo' });
  const people = { admin, consejo } as Record<string, Awaited<ReturnType<typeof buildUser>>>;
  for (const name of ['ursula', 'alvaro', 'oscar']) {
    people[name] = await buildUser(t, { managerId: consejo.id, fullName: name });
  }
  for (const [name, person] of Object.entries(people)) {
    ids[name] = person.id;
    as[name] = await authHeader(t, person);
  }
});
afterAll(() => t.close());

async function send(who: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appa',
    headers: as[who],
    payload: reportBody('ENVIADO'),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function sentInPanel(who = 'admin') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/appa/week?weekStart=${WEEK}`,
    headers: as[who],
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { counts: { sent: number } }).counts.sent;
}

async function sentInHierarchy() {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/hierarchy?weekStart=${WEEK}`,
    headers: as.consejo,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { analytics: { submittedCount: number } }).analytics.submittedCount;
}

describe('shared views under a stream of writes', () => {
  it("lag another person's report by at most the configured time", async () => {
    expect(await sentInPanel()).toBe(0);
    expect(await sentInHierarchy()).toBe(0);
    await send('ursula');
    // Asked for a moment ago: the answer stands until the lag has passed…
    expect(await sentInPanel()).toBe(0);
    expect(await sentInHierarchy()).toBe(0);
    t.clock.advance(LAG_MS);
    // …and not a moment longer.
    expect(await sentInPanel()).toBe(1);
    expect(await sentInHierarchy()).toBe(1);
  });

  it('show a person what they did themselves at once', async () => {
    await send('alvaro');
    expect(await sentInPanel()).toBe(1);
    // The administrator records a report as sent: their own panel shows it, and Álvaro's too.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appa/mark-submitted',
      headers: as.admin,
      payload: { userId: ids.oscar, weekStart: WEEK },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sentInPanel()).toBe(3);
  });

  it("leave an author's own report exact", async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers: as.consejo,
      payload: reportBody('BORRADOR', { avances: 'Primera versión' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers: as.consejo,
      payload: reportBody('BORRADOR', { avances: 'Segunda versión' }),
    });
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/appa/current',
      headers: as.consejo,
    });
    expect(current.body).toContain('Segunda versión');
  });
});

describe('what a dashboard keeps of people', () => {
  it('follows a new manager at once: who reports to whom is kept only until people change', async () => {
    const vp = await buildUser(t, { role: 'VP', managerId: ids.consejo, fullName: 'Vera VP' });
    const first = await buildUser(t, { role: 'LIDER', managerId: vp.id, fullName: 'Lía' });
    const second = await buildUser(t, { managerId: vp.id, fullName: 'Saúl' });
    const headers = await authHeader(t, vp);
    // Written behind the server's back, as factories do: the kept week does not know them yet.
    t.ctx.readCache.invalidate('people');
    const direct = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/dashboard/hierarchy?weekStart=${WEEK}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { hierarchy, team } = res.json() as {
        hierarchy: { allReports: number };
        team: { directReports: { id: string }[] };
      };
      return { all: hierarchy.allReports, direct: team.directReports.map((m) => m.id).sort() };
    };
    expect(await direct()).toEqual({ all: 2, direct: [first.id, second.id].sort() });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${second.id}`,
      headers: as.admin,
      payload: { managerId: first.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await direct()).toEqual({ all: 2, direct: [first.id] });
  });
});
