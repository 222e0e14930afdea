import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { PANEL_MSG, type WeekPage, type WeekResponse } from '../../../common/schemas/panel';
import { auditLog } from '../../db/schema';
import { buildReport } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';

let t: TestApp;
let asAdmin: Record<string, string>;
let vp: Awaited<ReturnType<typeof buildUser>>;
const WEEK = '2026-10-05';
const REVIEWED_AT = new Date('2026-10-06T15:00:00Z');

/** Twelve people of two teams below a VP: 5 sent (2 reviewed), 3 drafts, 4 with nothing. */
beforeAll(async () => {
  t = await buildTestApp();
  asAdmin = await authHeader(t, await buildUser(t, { role: 'ADMIN' }));
  vp = await buildUser(t, { role: 'VP', fullName: 'Valeria Presidenta' });
  // Someone outside the VP's area, with a sent report.
  const outsider = await buildUser(t, { fullName: 'Óscar Externo' });
  await buildReport(t, { user: outsider, weekStart: WEEK, status: 'ENVIADO' });
  const names = [
    'Ángela Ruiz',
    'Bruno Díaz',
    'Carla Núñez',
    'Diego Paz',
    'Elena Soto',
    'Fabián Ríos',
    'Gloria Vega',
    'Héctor León',
    'Inés Mora',
    'Jorge Ñique',
    'Karen Flores',
    'Luis Campos',
  ];
  for (const [i, fullName] of names.entries()) {
    const person = await buildUser(t, {
      fullName,
      managerId: vp.id,
      unidadOrganizacional: i % 2 === 0 ? 'Ventas' : 'Logística',
    });
    if (i < 8) {
      await buildReport(t, {
        user: person,
        weekStart: WEEK,
        status: i < 5 ? 'ENVIADO' : 'BORRADOR',
        submittedAt: i < 5 ? REVIEWED_AT : null,
        reviewedAt: i < 2 ? REVIEWED_AT : null,
      });
    }
  }
  t.ctx.readCache.invalidate();
});
afterAll(async () => {
  await t.close();
});

const getPage = (query: string, headers = asAdmin) =>
  t.app.inject({ method: 'GET', url: `/api/appa/week?weekStart=${WEEK}&${query}`, headers });

async function page(query: string, headers = asAdmin): Promise<WeekPage> {
  const res = await getPage(query, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as WeekPage;
}

const names = (rows: readonly ({ fullName: string } | { user: { fullName: string } })[]) =>
  rows.map((r) => ('user' in r ? r.user.fullName : r.fullName));

describe('GET /api/appa/week', () => {
  it('answers 401 signed out and 403 to an author, audited', async () => {
    const out = await t.app.inject({ method: 'GET', url: '/api/appa/week' });
    expect(out.statusCode).toBe(401);
    expect(out.json().message).toBe(MSG.notSignedIn);

    const author = await buildUser(t);
    const res = await getPage('', await authHeader(t, author));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.forbidden });
    const refused = await t.db.select().from(auditLog).where(eq(auditLog.actorId, author.id));
    expect(refused.map((r) => r.action)).toContain('security.permission_refused');
  });

  it('gives the tiles of the whole week and one page of its reports, by name', async () => {
    const full = (
      await t.app.inject({ method: 'GET', url: `/api/appa?weekStart=${WEEK}`, headers: asAdmin })
    ).json() as WeekResponse;
    const first = await page('pageSize=4');
    expect(first.counts).toEqual(full.counts);
    expect(first.teams).toEqual(full.teams);
    expect(first.total).toBe(full.submissions.length);
    expect(first.pageCount).toBe(Math.ceil(full.submissions.length / 4));
    // Each row whole, as the full week has it (texts, counts, reviewer).
    expect(first.submissions).toEqual(full.submissions.slice(0, 4));
    expect(first.pending).toEqual([]);
    expect(first.pendingPreview).toEqual(full.pending.slice(0, 5));
    expect(first.review).toEqual({ total: 6, unreviewed: 4, reviewed: 2 });

    const second = await page('pageSize=4&page=2');
    expect(second.page).toBe(2);
    expect(second.submissions.map((s) => s.id)).toEqual(
      full.submissions.slice(4, 8).map((s) => s.id),
    );
    // Past the end: the last page.
    const past = await page('pageSize=4&page=99');
    expect(past.page).toBe(first.pageCount);
  });

  it('filters by status, search without accents, team and review', async () => {
    expect(names((await page('status=borradores')).submissions)).toEqual([
      'Fabián Ríos',
      'Gloria Vega',
      'Héctor León',
    ]);
    expect(names((await page('q=ANGELA')).submissions)).toEqual(['Ángela Ruiz']);
    expect(names((await page('status=enviados&team=Logística')).submissions)).toEqual([
      'Bruno Díaz',
      'Diego Paz',
    ]);
    expect(names((await page('status=enviados&review=revisados')).submissions)).toEqual([
      'Ángela Ruiz',
      'Bruno Díaz',
    ]);
    const unreviewed = await page('status=enviados&review=sin-revisar');
    expect(unreviewed.total).toBe(4);
    expect(unreviewed.review).toEqual({ total: 6, unreviewed: 4, reviewed: 2 });
  });

  it('pages the pending people when the status filter asks for them', async () => {
    const pending = await page('status=pendientes&team=Ventas');
    expect(pending.submissions).toEqual([]);
    expect(names(pending.pending)).toEqual(['Gloria Vega', 'Inés Mora', 'Karen Flores']);
    expect(pending.pending.map((p) => p.draft)).toEqual([true, false, false]);
    expect((await page('status=pendientes&q=ñique')).total).toBe(1);
  });

  it('gives a VP their area only', async () => {
    const mine = await page('pageSize=100', await authHeader(t, vp));
    expect(names(mine.submissions)).not.toContain('Óscar Externo');
    expect(mine.total).toBe(8);
    expect(mine.counts.expected).toBe(12);
    const everyone = await page('pageSize=100');
    expect(names(everyone.submissions)).toContain('Óscar Externo');
  });

  it('refuses bad filters in Spanish', async () => {
    const cases: [string, string][] = [
      ['status=todas', PANEL_MSG.invalidStatusFilter],
      ['review=si', PANEL_MSG.invalidReviewFilter],
      [`q=${'a'.repeat(201)}`, PANEL_MSG.searchTooLong],
      [`team=${'a'.repeat(201)}`, PANEL_MSG.teamTooLong],
      ['page=0', PANEL_MSG.invalidPage],
      ['page=uno', PANEL_MSG.invalidPage],
      ['pageSize=101', PANEL_MSG.invalidPageSize],
      ['pageSize=1.5', PANEL_MSG.invalidPageSize],
    ];
    for (const [query, message] of cases) {
      const res = await getPage(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message });
    }
  });
});
