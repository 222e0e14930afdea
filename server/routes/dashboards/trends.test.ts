import { describe, expect, it } from 'vitest';
import { DASHBOARD_MSG, type TrendsResponse } from '../../../common/schemas/dashboard';
import { LAST_WEEK, THIS_WEEK, useOrganisation } from '../../test/org-fixture';

const { person, as } = useOrganisation();
const trends = (v: string, query = '') => as(person(v), 'GET', `/api/dashboard/trends${query}`);

describe('GET /api/dashboard/trends', () => {
  it('answers 401 signed out and 403 to a USER', async () => {
    expect((await as(null, 'GET', '/api/dashboard/trends')).statusCode).toBe(401);
    expect((await trends('u1')).statusCode).toBe(403);
  });

  it('gives 12 weeks by default, oldest first, ending this week', async () => {
    const body = (await trends('vp1')).json<TrendsResponse>();
    expect(body.completion).toHaveLength(12);
    expect(body.completion.at(-1)?.weekStart).toBe(THIS_WEEK);
    expect(body.completion.at(-2)?.weekStart).toBe(LAST_WEEK);
    expect(body.completion.at(0)).toEqual({
      weekStart: '2026-08-31',
      expected: 14,
      sent: 0,
      rate: 0,
    });
    expect(body.kpi).toBeNull();
  });

  it('computes each week’s rate of the viewer’s area', async () => {
    const vp2 = (await trends('vp2', '?weeks=2')).json<TrendsResponse>();
    expect(vp2.completion).toEqual([
      { weekStart: LAST_WEEK, expected: 14, sent: 0, rate: 0 },
      { weekStart: THIS_WEEK, expected: 14, sent: 10, rate: 71 },
    ]);
    const vp1 = (await trends('vp1', '?weeks=2')).json<TrendsResponse>();
    expect(vp1.completion.map((w) => w.rate)).toEqual([100, 100]);
    // A leader's own report counts: l8 (draft), u15 (draft), u16 (pending).
    const l8 = (await trends('l8', '?weeks=1')).json<TrendsResponse>();
    expect(l8.completion).toEqual([{ weekStart: THIS_WEEK, expected: 3, sent: 0, rate: 0 }]);
    const board = (await trends('consejo', '?weeks=1')).json<TrendsResponse>();
    expect(board.completion).toEqual([{ weekStart: THIS_WEEK, expected: 30, sent: 26, rate: 87 }]);
  });

  it('gives the KPI of someone the viewer reads, and refuses someone they do not', async () => {
    const res = await trends('g1', `?weeks=4&userId=${person('u1').id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<TrendsResponse>().kpi).toEqual([
      { weekStart: LAST_WEEK, kpiNombre: 'KPI u1', metaPct: 80, logroPct: 70 },
      { weekStart: THIS_WEEK, kpiNombre: 'KPI u1', metaPct: 80, logroPct: 90 },
    ]);
    expect((await trends('g1', `?userId=${person('u9').id}`)).statusCode).toBe(403);
    expect((await trends('l1', `?userId=${person('l2').id}`)).statusCode).toBe(403);
    expect((await trends('l1', `?userId=${person('l1').id}`)).statusCode).toBe(200);
  });

  it('refuses a number of weeks outside 1–52, in Spanish', async () => {
    for (const weeks of ['0', '53', 'x']) {
      const res = await trends('vp1', `?weeks=${weeks}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DASHBOARD_MSG.invalidWeeks);
    }
    expect((await trends('vp1', '?weeks=52')).json<TrendsResponse>().completion).toHaveLength(52);
  });
});
