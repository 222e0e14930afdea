import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MSG, type ApiToken } from '../../../common/schemas/api-tokens';
import { MSG } from '../../../common/messages';
import { apiTokens, auditLog, mailQueue, users } from '../../db/schema';
import { TOKEN_REQUESTS_PER_MINUTE, TokenRates } from '../../plugins/auth';
import { registeredRoutes } from '../../plugins/route-facts';
import { TOKEN_ROUTES } from '../../test/token-routes';
import { buildReport } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function makeToken(
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<{ token: string; apiToken: ApiToken }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/tokens', headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });

describe('API tokens', () => {
  it('a service token reads a week of reports over HTTP, is refused outside its scopes, and every use is audited', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const author = await buildUser(t);
    await buildReport(t, { user: author, weekStart: '2026-11-16', status: 'ENVIADO' });
    const { token, apiToken } = await makeToken(await authHeader(t, admin), {
      name: 'Tablero de BI',
      kind: 'SERVICE',
      scopes: ['reports:read'],
    });
    expect(token).toMatch(/^appa_/);
    expect(apiToken).toMatchObject({ kind: 'SERVICE', scopes: ['reports:read'] });
    expect(token.startsWith(apiToken.preview)).toBe(true);

    const week = await get('/api/appa/week?weekStart=2026-11-16', bearer(token));
    expect(week.statusCode, week.body).toBe(200);
    expect(week.body).toContain(author.id);

    const people = await get('/api/users', bearer(token));
    expect(people.statusCode).toBe(403);
    expect(people.json()).toEqual({ message: API_TOKEN_MSG.outOfScope });
    const manage = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: bearer(token),
      payload: { name: 'otro', scopes: ['reports:read'] },
    });
    expect(manage.statusCode).toBe(403);
    expect(manage.json()).toEqual({ message: API_TOKEN_MSG.tokensCannotManageTokens });
    // Signing in and out, settings and the live stream are for sessions.
    for (const url of ['/api/user', '/api/settings', '/api/events'])
      expect((await get(url, bearer(token))).statusCode, url).toBe(403);

    const used = await t.db
      .select({ meta: auditLog.meta })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_token.used'), eq(auditLog.entityId, apiToken.id)));
    expect(used.map((u) => u.meta)).toEqual([
      { method: 'GET', route: '/api/appa/week', status: 200 },
    ]);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.lastUsedAt).not.toBeNull();
  });

  it("never does more than its owner: a person's token reads only what they may", async () => {
    const person = await buildUser(t);
    const other = await buildUser(t);
    const own = await buildReport(t, { user: person, weekStart: '2026-11-16', status: 'ENVIADO' });
    const theirs = await buildReport(t, {
      user: other,
      weekStart: '2026-11-16',
      status: 'ENVIADO',
    });
    const { token } = await makeToken(await authHeader(t, person), {
      name: 'Mi script',
      scopes: ['reports:read', 'users:read'],
    });
    // Their own reports, as Mis reportes lists them, and no one else's.
    const mine = await get('/api/me/reports', bearer(token));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().items.map((r: { id: string }) => r.id)).toEqual([own.id]);
    expect((await get(`/api/appa/${own.id}`, bearer(token))).statusCode).toBe(200);
    expect((await get(`/api/appa/${theirs.id}`, bearer(token))).statusCode).toBe(403);
    expect((await get('/api/appa/week', bearer(token))).statusCode).toBe(403);
    expect((await get('/api/users', bearer(token))).statusCode).toBe(403);
    // Only administrators make service tokens.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: await authHeader(t, person),
      payload: { name: 'Servicio', kind: 'SERVICE', scopes: ['reports:read'] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: API_TOKEN_MSG.serviceForAdmins });
  });

  it('never makes, promotes or changes an administrator: its holder would sign in with every right', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const otherAdmin = await buildUser(t, { role: 'ADMIN' });
    const person = await buildUser(t);
    const { token } = await makeToken(await authHeader(t, admin), {
      name: 'Alta de personal',
      kind: 'SERVICE',
      scopes: ['users:write'],
    });
    const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: bearer(token), payload });
    const before = await t.db.select({ id: users.id, role: users.role }).from(users);
    const refusals = [
      await send('POST', '/api/users', {
        email: 'jefa@example.com',
        fullName: 'Jefa',
        role: 'ADMIN',
      }),
      await send('POST', '/api/users/bulk-upload', {
        users: [{ email: 'otra.jefa@example.com', fullName: 'Otra Jefa', role: 'Administrador' }],
      }),
      await send('PATCH', `/api/users/${person.id}`, { role: 'ADMIN' }),
      await send('PATCH', `/api/users/${otherAdmin.id}`, { email: 'mio@example.com' }),
      await send('PUT', `/api/users/${otherAdmin.id}/status`, { status: 'SUSPENDIDO' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: API_TOKEN_MSG.administratorsNeedSession });
      expect(res.body).not.toContain('temporaryPassword');
    }
    expect(await t.db.select({ id: users.id, role: users.role }).from(users)).toEqual(before);
    // The same token still does what its scope is for.
    const created = await send('POST', '/api/users', {
      email: 'nuevo@example.com',
      fullName: 'Nuevo',
    });
    expect(created.statusCode, created.body).toBe(200);
    const moved = await send('PATCH', `/api/users/${person.id}`, { cargo: 'Analista' });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('never reads a temporary password nor changes an e-mail: its holder could sign in as anyone it makes or edits', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const person = await buildUser(t);
    const { token } = await makeToken(await authHeader(t, admin), {
      name: 'Alta de personal',
      kind: 'SERVICE',
      scopes: ['users:write'],
    });
    const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: bearer(token), payload });

    // A person made through the token gets their password by e-mail, never in the answer.
    const created = await send('POST', '/api/users', {
      email: 'nueva.persona@example.com',
      fullName: 'Nueva Persona',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ temporaryPassword: null });
    const bulk = await send('POST', '/api/users/bulk-upload', {
      users: [{ email: 'otra.persona@example.com', fullName: 'Otra Persona' }],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const rows = bulk.json<{ created: { temporaryPassword: string | null }[] }>().created;
    expect(rows).toHaveLength(1);
    expect(rows.every((row) => row.temporaryPassword === null)).toBe(true);
    // The person still receives their credentials by e-mail.
    const queued = await t.db
      .select({ to: mailQueue.to })
      .from(mailQueue)
      .where(eq(mailQueue.to, 'nueva.persona@example.com'));
    expect(queued).toHaveLength(1);

    const readdress = await send('PATCH', `/api/users/${person.id}`, { email: 'mio@example.com' });
    expect(readdress.statusCode).toBe(403);
    expect(readdress.json()).toEqual({ message: API_TOKEN_MSG.emailNeedsSession });
    const [unchanged] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, person.id));
    expect(unchanged?.email).toBe(person.email);
  });

  it('stops working when revoked, expired, or its owner is suspended or no longer an administrator', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const headers = await authHeader(t, admin);
    const scopes = ['users:read'];
    const revoked = await makeToken(headers, { name: 'uno', kind: 'SERVICE', scopes });
    expect((await get('/api/users', bearer(revoked.token))).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${revoked.apiToken.id}`,
      headers,
    });
    expect(del.json()).toEqual({ message: API_TOKEN_MSG.revoked });
    const after = await get('/api/users', bearer(revoked.token));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: API_TOKEN_MSG.invalid });

    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const expiring = await makeToken(headers, { name: 'dos', scopes, expiresAt: tomorrow });
    expect((await get('/api/users', bearer(expiring.token))).statusCode).toBe(200);
    const service = await makeToken(headers, { name: 'tres', kind: 'SERVICE', scopes });
    const personal = await makeToken(headers, { name: 'cuatro', scopes });
    t.clock.advance(3 * 86_400_000);
    expect((await get('/api/users', bearer(expiring.token))).statusCode).toBe(401);
    expect((await get('/api/users', bearer(service.token))).statusCode).toBe(200);

    await t.db.update(users).set({ role: 'GERENTE' }).where(eq(users.id, admin.id));
    expect((await get('/api/users', bearer(service.token))).statusCode).toBe(401);
    // A personal token goes on as its owner, with what they may now do.
    expect((await get('/api/users', bearer(personal.token))).statusCode).toBe(403);
    await t.db.update(users).set({ status: 'SUSPENDIDO' }).where(eq(users.id, admin.id));
    expect((await get('/api/users', bearer(personal.token))).statusCode).toBe(401);
  });

  it('is shown once, listed to its owner (every token to administrators), and revoked by them alone', async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    const admin = await buildUser(t, { role: 'ADMIN' });
    const { token, apiToken } = await makeToken(await authHeader(t, owner), {
      name: 'Exportación',
      scopes: ['reports:read'],
    });
    const listed = await get('/api/tokens', await authHeader(t, owner));
    expect(listed.json<{ tokens: ApiToken[] }>().tokens.map((x) => x.id)).toEqual([apiToken.id]);
    expect(listed.body).not.toContain(token);
    expect(
      (await get('/api/tokens', await authHeader(t, other))).json<{ tokens: ApiToken[] }>().tokens,
    ).toEqual([]);
    const adminList = await get('/api/tokens', await authHeader(t, admin));
    expect(adminList.json<{ tokens: ApiToken[] }>().tokens.map((x) => x.id)).toContain(apiToken.id);

    const stranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${apiToken.id}`,
      headers: await authHeader(t, other),
    });
    expect(stranger.statusCode).toBe(404);
    expect((await get('/api/appa/current', bearer(token))).statusCode).toBe(403);
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${apiToken.id}`,
      headers: await authHeader(t, admin),
    });
    expect(byAdmin.statusCode).toBe(200);
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, apiToken.id));
    expect(audited.map((a) => a.action).sort()).toEqual([
      'api_token.created',
      'api_token.revoked',
      // Its use outside its scopes.
      'security.permission_refused',
    ]);
  });

  it('refuses bad input in Spanish and changes nothing; signed out is 401', async () => {
    const headers = await authHeader(t, await buildUser(t));
    const before = await t.db.select({ id: apiTokens.id }).from(apiTokens);
    for (const [payload, message] of [
      [{ name: '', scopes: ['reports:read'] }, API_TOKEN_MSG.name],
      [{ name: 'x', scopes: [] }, API_TOKEN_MSG.scopes],
      [{ name: 'x', scopes: ['todo'] }, API_TOKEN_MSG.scopes],
      [{ name: 'x', scopes: ['reports:read'], expiresAt: '2020-01-01' }, API_TOKEN_MSG.expiresPast],
      [
        { name: 'x', scopes: ['reports:read'], expiresAt: '2099-01-01' },
        API_TOKEN_MSG.personalExpiresTooFar,
      ],
      [{ name: 'x', scopes: ['reports:read'], expiresAt: 'mañana' }, API_TOKEN_MSG.expiresAt],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/tokens', headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/tokens/no-es-un-id', headers });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select({ id: apiTokens.id }).from(apiTokens)).toEqual(before);
    expect((await get('/api/tokens', {})).statusCode).toBe(401);
    const unknown = await get('/api/users', bearer(`appa_${'x'.repeat(43)}`));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: API_TOKEN_MSG.invalid });
    expect(MSG.notSignedIn).not.toBe(API_TOKEN_MSG.invalid);
  });
});

describe('the routes a token reaches', () => {
  it('are all routes of the API', () => {
    const routes = new Set(registeredRoutes(t.app).map((r) => `${r.method} ${r.url}`));
    for (const key of Object.keys(TOKEN_ROUTES)) expect(routes.has(key), key).toBe(true);
  });
});

describe('the rate of a token', () => {
  it('allows so many requests a minute, then refuses until the next minute', () => {
    const rates = new TokenRates(3);
    const minute = 60_000 * 1000;
    // Past the rate, the seconds until the next minute.
    expect([1, 2, 3, 4].map(() => rates.take('a', minute + 15_500))).toEqual([0, 0, 0, 45]);
    // Another token has its own count.
    expect(rates.take('b', minute + 1)).toBe(0);
    expect(rates.take('a', minute + 60_000)).toBe(0);
  });

  it('counts refused requests too, so a script asking where it may not go is slowed like any', async () => {
    const person = await buildUser(t);
    const { token, apiToken } = await makeToken(await authHeader(t, person), {
      name: 'Bucle',
      scopes: ['reports:read'],
    });
    const statuses: number[] = [];
    let last = await get('/api/users', bearer(token));
    for (let i = 0; i < TOKEN_REQUESTS_PER_MINUTE; i += 1) {
      statuses.push(last.statusCode);
      last = await get('/api/users', bearer(token));
    }
    expect(new Set(statuses)).toEqual(new Set([403]));
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ message: API_TOKEN_MSG.tooMany });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // The refusals it was allowed are in the audit log; the ones held back wrote nothing.
    const refusals = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, apiToken.id), eq(auditLog.action, 'security.permission_refused')),
      );
    expect(refusals).toHaveLength(TOKEN_REQUESTS_PER_MINUTE);
  });
});
