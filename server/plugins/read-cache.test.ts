import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WeekResponse } from '../../common/schemas/panel';
import { eq } from 'drizzle-orm';
import type { buildApp } from '../app';
import { sessions } from '../db/schema';
import { buildReport } from '../test/factories';
import {
  authHeader,
  buildSecondInstance,
  buildTestApp,
  buildUser,
  type TestApp,
} from '../test/helper';

let t: TestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  second = await buildSecondInstance(t);
  asAdmin = await authHeader(t, await buildUser(t, { role: 'ADMIN' }));
  // Enough people for answers worth compressing (above 1 KiB).
  for (let i = 0; i < 12; i++) await buildUser(t, { role: 'USER' });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const draft = {
  avances: 'Avance guardado',
  planes: 'Plan',
  problemas: '',
  ayuda: '',
  kpiNombre: '',
  kpiMetaPct: 0,
  kpiLogroPct: 0,
  status: 'BORRADOR',
};

const getWeek = (headers: Record<string, string>, app = t.app) =>
  app.inject({ method: 'GET', url: '/api/appa', headers });

async function newAuthor() {
  const author = await buildUser(t, { role: 'USER' });
  // Written behind the server's back (the test builds people directly).
  t.ctx.readCache.invalidate();
  return { author, headers: await authHeader(t, author) };
}

describe('answers kept between writes', () => {
  it('answers 304 to a browser that holds the same answer, and revalidates every time', async () => {
    const first = await getWeek(asAdmin);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await getWeek({ ...asAdmin, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Someone else's view is not this one: it has its own validator.
    const other = await getWeek({ ...asAdmin, 'if-none-match': '"otra-cosa"' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.json());
  });

  it('sends the answer compressed as the browser accepts, the same bytes once decoded', async () => {
    const plain = await getWeek(asAdmin);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toContain('accept-encoding');

    const br = await getWeek({ ...asAdmin, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await getWeek({ ...asAdmin, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('shows a write to whoever reads after it was answered', async () => {
    const before = (await getWeek(asAdmin)).json() as WeekResponse;
    const { author, headers } = await newAuthor();
    const expected = (await getWeek(asAdmin)).json() as WeekResponse;
    expect(expected.counts.expected).toBe(before.counts.expected + 1);

    const saved = await t.app.inject({ method: 'POST', url: '/api/appa', headers, payload: draft });
    expect(saved.statusCode).toBe(200);
    const after = (await getWeek(asAdmin)).json() as WeekResponse;
    expect(after.counts.drafts).toBe(expected.counts.drafts + 1);
    expect(after.pending.find((p) => p.id === author.id)?.draft).toBe(true);
  });

  it('a refused write leaves the answer as it was', async () => {
    const { headers } = await newAuthor();
    const before = await getWeek(asAdmin);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers,
      payload: { ...draft, status: 'ENVIADO', avances: '' },
    });
    expect(refused.statusCode).toBe(400);
    const after = await getWeek({ ...asAdmin, 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(304);
  });

  it('another instance on the same database hears of the write', async () => {
    const { author, headers } = await newAuthor();
    // The second instance answers and keeps its answer…
    await expect
      .poll(async () => {
        const week = (await getWeek(asAdmin, second)).json() as WeekResponse;
        return week.pending.some((p) => p.id === author.id);
      })
      .toBe(true);
    const before = (await getWeek(asAdmin, second)).json() as WeekResponse;
    expect(before.pending.find((p) => p.id === author.id)?.draft).toBe(false);

    // …the first one saves a draft: the second forgets its answer without any write of its own.
    await t.app.inject({ method: 'POST', url: '/api/appa', headers, payload: draft });
    await expect
      .poll(async () => {
        const week = (await getWeek(asAdmin, second)).json() as WeekResponse;
        return week.pending.find((p) => p.id === author.id)?.draft;
      })
      .toBe(true);
  });

  it('sends a kept export as a download the browser does not keep', async () => {
    // Long enough to be worth compressing.
    await buildReport(t, { status: 'ENVIADO', avances: 'Avance de la semana. '.repeat(60) });
    const url = '/api/reports/weekly?format=csv';
    const first = await t.app.inject({ method: 'GET', url, headers: asAdmin });
    expect(first.statusCode).toBe(200);
    expect(first.body.length).toBeGreaterThan(1024);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...asAdmin, 'accept-encoding': 'gzip' },
    });
    for (const res of [first, again]) {
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
    }
    expect(zlib.gunzipSync(again.rawPayload).toString()).toBe(first.body);
  });

  describe('sessions kept between writes', () => {
    const me = (headers: Record<string, string>, app = t.app) =>
      app.inject({ method: 'GET', url: '/api/user', headers });

    it('a session one instance keeps ends at once when its user signs out on another', async () => {
      const { headers } = await newAuthor();
      expect((await me(headers, second)).statusCode).toBe(200);
      expect((await me(headers, second)).statusCode).toBe(200);
      const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers, payload: {} });
      expect(out.statusCode).toBe(200);
      expect((await me(headers, second)).statusCode).toBe(401);
      expect((await me(headers)).statusCode).toBe(401);
    });

    it('a password change on one instance ends the other sessions another keeps, at once', async () => {
      const { author, headers } = await newAuthor();
      const elsewhere = await authHeader(t, author);
      expect((await me(elsewhere, second)).statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers,
        payload: { currentPassword: author.plainPassword, newPassword: 'otra clave de 2026' },
      });
      expect(res.statusCode).toBe(200);
      expect((await me(elsewhere, second)).statusCode).toBe(401);
      expect((await me(headers, second)).statusCode).toBe(200);
    });

    it('suspending a user ends the session every instance keeps, at once', async () => {
      const { author, headers } = await newAuthor();
      expect((await me(headers)).statusCode).toBe(200);
      expect((await me(headers, second)).statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${author.id}/status`,
        headers: asAdmin,
        payload: { status: 'SUSPENDIDO' },
      });
      expect(res.statusCode).toBe(200);
      expect((await me(headers, second)).statusCode).toBe(401);
      expect((await me(headers)).statusCode).toBe(401);
    });

    it('a kept session still follows its role: a VP made USER loses the panel at once', async () => {
      const vp = await buildUser(t, { role: 'VP' });
      t.ctx.readCache.invalidate();
      const headers = await authHeader(t, vp);
      expect((await getWeek(headers)).statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${vp.id}`,
        headers: asAdmin,
        payload: { role: 'USER' },
      });
      expect(res.statusCode).toBe(200);
      expect((await getWeek(headers)).statusCode).toBe(403);
    });

    it('a report saved keeps the sessions; a change to people does not', async () => {
      const { author, headers } = await newAuthor();
      expect((await me(headers)).statusCode).toBe(200);
      // Sessions ended behind the server's back: a kept one is not read again…
      await t.db.delete(sessions).where(eq(sessions.userId, author.id));
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/appa',
        headers,
        payload: draft,
      });
      expect(saved.statusCode).toBe(200);
      expect((await me(headers)).statusCode).toBe(200);
      // …until something about people is written.
      const renamed = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${author.id}`,
        headers: asAdmin,
        payload: { cargo: 'Analista' },
      });
      expect(renamed.statusCode).toBe(200);
      expect((await me(headers)).statusCode).toBe(401);
    });
  });
});
