import { beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_MSG,
  PEOPLE_SEARCH_LIMIT,
  type DashboardPerson,
} from '../../../common/schemas/dashboard';
import { buildUser } from '../../test/helper';
import { sorted, useOrganisation } from '../../test/org-fixture';

const { t, org, person, as } = useOrganisation();
const people = (v: string | null, query = '') =>
  as(v ? person(v) : null, 'GET', `/api/dashboard/people${query}`);
const keysOf = (body: DashboardPerson[]) => body.map((p) => org().keyOf(p.id));

describe('GET /api/dashboard/people', () => {
  const extra: string[] = [];
  beforeAll(async () => {
    // Under l1, with an accented name and an e-mail of their own; and someone inactive under vp1.
    const l1 = person('l1');
    const nusta = await buildUser(t(), {
      role: 'USER',
      managerId: l1.id,
      fullName: 'Ñusta Peñaloza Martínez',
      email: 'nusta.penaloza@example.com',
    });
    extra.push(nusta.id);
    await buildUser(t(), {
      role: 'USER',
      managerId: l1.id,
      fullName: 'Autor Suspendido',
      status: 'SUSPENDIDO',
    });
  });

  it('answers 401 signed out and 403 to a USER', async () => {
    expect((await people(null)).statusCode).toBe(401);
    const refused = await people('u1', '?q=a');
    expect(refused.statusCode).toBe(403);
  });

  it('gives a VP only people of their area, never above or beside it', async () => {
    const res = await people('vp1', '?q=');
    expect(res.statusCode).toBe(200);
    const found = res.json<DashboardPerson[]>();
    const area = new Set([
      ...org()
        .below('vp1')
        .map((k) => person(k).id),
      ...extra,
    ]);
    expect(found).toHaveLength(15);
    for (const p of found) expect(area.has(p.id)).toBe(true);
    // Every person of vp2's area has a name ending in their key: none of them is found.
    for (const key of ['g3', 'l5', 'u9', 'vp2', 'consejo']) {
      expect(keysOf((await people('vp1', `?q=${key}`)).json())).toEqual([]);
    }
    expect(keysOf((await people('vp2', '?q=u9')).json())).toEqual(['u9']);
  });

  it('limits a GERENTE and a LIDER to their area (the leader included)', async () => {
    const g1 = keysOf((await people('g1', '?q=autor')).json());
    expect(sorted(g1)).toEqual(sorted(['u1', 'u2', 'u3', 'u4']));
    const l8 = keysOf((await people('l8')).json());
    expect(sorted(l8)).toEqual(sorted(['l8', 'u15', 'u16']));
  });

  it('searches names and e-mails ignoring accents and case, active people only', async () => {
    const byName = (await people('vp1', '?q=NUSTA%20PENALOZA')).json<DashboardPerson[]>();
    expect(byName.map((p) => p.fullName)).toEqual(['Ñusta Peñaloza Martínez']);
    expect(byName[0]).toEqual({
      id: expect.any(String),
      fullName: 'Ñusta Peñaloza Martínez',
      email: 'nusta.penaloza@example.com',
      role: 'USER',
      cargo: null,
      unidadOrganizacional: null,
    });
    const accented = (await people('vp1', '?q=l%C3%ADder%2001')).json<DashboardPerson[]>();
    expect(keysOf(accented)).toEqual(['l1']);
    const byEmail = (await people('consejo', '?q=nusta.penaloza@')).json<DashboardPerson[]>();
    expect(byEmail).toHaveLength(1);
    expect((await people('vp1', '?q=suspendido')).json()).toEqual([]);
  });

  it('gives at most 20, in order of name; the board searches the whole organisation', async () => {
    const all = (await people('consejo')).json<DashboardPerson[]>();
    expect(all).toHaveLength(PEOPLE_SEARCH_LIMIT);
    const names = all.map((p) => p.fullName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    // No CONSEJO or ADMIN: they do not report.
    expect(keysOf(all)).not.toContain('consejo');
    const vp2 = keysOf((await people('admin', '?q=vicepresidente')).json());
    expect(sorted(vp2)).toEqual(['vp1', 'vp2']);
  });

  it('refuses a search longer than 200 characters, or given twice, in Spanish', async () => {
    for (const query of [`?q=${'a'.repeat(201)}`, '?q=a&q=b']) {
      const res = await people('vp1', query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DASHBOARD_MSG.searchTooLong);
    }
  });
});
