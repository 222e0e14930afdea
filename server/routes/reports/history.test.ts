import { describe, expect, it } from 'vitest';
import { DASHBOARD_MSG } from '../../../common/schemas/dashboard';
import type { ReportSummary } from '../../../common/schemas/panel';
import { useOrganisation } from '../../test/org-fixture';

const { org, person, as } = useOrganisation();
const history = (v: string, query: string) => as(person(v), 'GET', `/api/appa/history${query}`);

describe('GET /api/appa/history', () => {
  const range = '&from=2026-11-01&to=2026-11-30';

  it('refuses someone outside the viewer’s area, audited as a refusal', async () => {
    expect((await history('u1', `?userId=${person('u2').id}${range}`)).statusCode).toBe(403);
    expect((await history('g2', `?userId=${person('u1').id}${range}`)).statusCode).toBe(403);
    expect((await history('admin', `?userId=${person('u1').id}${range}`)).statusCode).toBe(200);
  });

  it('gives a person’s reports of the range, newest first, to whoever reads them', async () => {
    const res = await history('g1', `?userId=${person('u1').id}${range}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<ReportSummary[]>();
    expect(body.map((r) => r.id)).toEqual([org().reports.u1, org().lastWeek.u1]);
    const narrow = await history('g1', `?userId=${person('u1').id}&from=2026-11-16&to=2026-11-16`);
    expect(narrow.json<ReportSummary[]>().map((r) => r.id)).toEqual([org().reports.u1]);
  });

  it('defaults to the viewer, for any role', async () => {
    const res = await history('u1', `?${range.slice(1)}`);
    expect(res.json<ReportSummary[]>()).toHaveLength(2);
  });

  it('refuses a range that is reversed, longer than 366 days or malformed', async () => {
    for (const query of [
      '?from=2026-11-30&to=2026-11-01',
      '?from=2025-01-01&to=2026-11-30',
      '?from=ayer&to=2026-11-30',
      '',
    ]) {
      const res = await history('u1', query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DASHBOARD_MSG.invalidRange);
    }
  });
});
