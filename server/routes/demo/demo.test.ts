import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../common/schemas/auth';
import { DEMO_MSG } from '../../../common/schemas/demo';
import { auditLog, sessions } from '../../db/schema';
import { recordInstance } from '../../services/demo';
import {
  authHeader,
  buildTestApp,
  buildUser,
  signIn,
  TEST_ORIGIN,
  type TestApp,
} from '../../test/helper';

const login = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/demo/login', headers });

const sessionCount = async (t: TestApp) =>
  (await t.db.select({ value: count() }).from(sessions))[0]?.value ?? 0;

/** A demo database on a server where password-less sign-in may exist. */
async function buildDemoApp() {
  const t = await buildTestApp({ demoSignIn: true });
  await recordInstance(t.db, true);
  return t;
}

describe('outside a demo database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoSignIn: true });
    await recordInstance(t.db, false);
    await buildUser(t, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is refused with 404, sets no cookie and creates no session; the refusal is audited', async () => {
    const before = await sessionCount(t);
    const res = await login(t);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: DEMO_MSG.unavailable });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount(t)).toBe(before);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.demo_login_refused'));
    expect(rows).toMatchObject([{ meta: { reason: 'not_demo' } }]);
    const logins = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login'));
    expect(logins).toEqual([]);
  });

  it('is refused to someone already signed in too, whose session stays', async () => {
    const user = await buildUser(t, { role: 'USER' });
    const headers = await authHeader(t, user);
    const before = await sessionCount(t);
    const res = await login(t, headers);
    expect(res.statusCode).toBe(404);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount(t)).toBe(before);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(me.json<User>().id).toBe(user.id);
  });
});

describe('a demo database with a configured administrator or a database server', () => {
  let t: TestApp;
  beforeAll(async () => {
    // APPA_DEMO=1 beside APPA_ADMIN_* or DATABASE_URL: the demo organisation, no door.
    t = await buildTestApp({ demoSignIn: false });
    await recordInstance(t.db, true);
    await buildUser(t, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is refused with 404 and no session, though the pages show the demo mark', async () => {
    const res = await login(t);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: DEMO_MSG.unavailable });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount(t)).toBe(0);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ demo: true });
  });
});

describe('a demo database reached through a proxy or from another machine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildDemoApp();
    await buildUser(t, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '127.0.0.1' }],
    ['Forwarded', { forwarded: 'for=127.0.0.1' }],
    ['X-Real-IP', { 'x-real-ip': '127.0.0.1' }],
  ])('refuses a request carrying %s with 404 and no session', async (_name, headers) => {
    const res = await login(t, headers);
    expect(res.statusCode).toBe(404);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount(t)).toBe(0);
    const refusals = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.demo_login_refused'));
    expect(refusals.at(-1)).toMatchObject({ meta: { reason: 'proxied' } });
  });

  it('refuses over the network while listening on every address, and allows it on loopback', async () => {
    const other = await buildDemoApp();
    await buildUser(other, { role: 'ADMIN' });
    const post = (base: string) =>
      fetch(`${base}/api/demo/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    try {
      const open = await t.app.listen({ host: '0.0.0.0', port: 0 });
      const port = new URL(open).port;
      const refused = await post(`http://127.0.0.1:${port}`);
      expect(refused.status).toBe(404);
      expect(refused.headers.get('set-cookie')).toBeNull();
      expect(await sessionCount(t)).toBe(0);

      const local = await other.app.listen({ host: '127.0.0.1', port: 0 });
      const allowed = await post(local);
      expect(allowed.status, await allowed.clone().text()).toBe(200);
      expect(allowed.headers.get('set-cookie')).toMatch(/appa_session=/);
    } finally {
      await other.close();
    }
  });
});

describe('in demo mode', () => {
  let t: TestApp;
  let demoAdmin: Awaited<ReturnType<typeof buildUser>>;
  beforeAll(async () => {
    t = await buildDemoApp();
    // As bootstrap.ts does: the first administrator is the demo administrator.
    demoAdmin = await buildUser(t, { role: 'ADMIN', fullName: 'Administrador del Sistema' });
    await buildUser(t, { role: 'ADMIN', fullName: 'Otra Administradora' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in as the demo administrator with a session cookie, and audits it', async () => {
    const res = await login(t);
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json<User>();
    expect(user).toMatchObject({ id: demoAdmin.id, role: 'ADMIN' });
    expect(JSON.stringify(user)).not.toMatch(/password"\s*:\s*"/);
    const cookie = res.cookies.find((c) => c.name.endsWith('appa_session'));
    expect(cookie?.httpOnly).toBe(true);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `${cookie?.name}=${cookie?.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<User>().id).toBe(demoAdmin.id);

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorId, demoAdmin.id));
    expect(rows.filter((r) => r.action === 'auth.login')).toMatchObject([
      { entityId: demoAdmin.id, meta: { method: 'demo' } },
    ]);
  });

  it('replaces the session the browser had', async () => {
    const other = await buildUser(t, { role: 'USER' });
    const { cookie } = await signIn(t, other.username, other.plainPassword);
    const res = await login(t, { cookie, origin: TEST_ORIGIN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>().id).toBe(demoAdmin.id);
    const theirs = await t.db.select().from(sessions).where(eq(sessions.userId, other.id));
    expect(theirs).toEqual([]);
  });
});

describe('a first look, whose administrator has a temporary password', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof buildUser>>;
  beforeAll(async () => {
    t = await buildDemoApp();
    admin = await buildUser(t, { role: 'ADMIN', mustChangePassword: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens the administrator view without asking to change a password the session never used', async () => {
    const res = await login(t);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>()).toMatchObject({ id: admin.id, mustChangePassword: false });
    const cookie = res.cookies.find((c) => c.name.endsWith('appa_session'));
    const headers = { cookie: `${cookie?.name}=${cookie?.value}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(me.json<User>().mustChangePassword).toBe(false);
    const week = await t.app.inject({ method: 'GET', url: '/api/appa', headers });
    expect(week.statusCode, week.body).toBe(200);

    // Whoever signs in with the temporary password must still change it.
    const withPassword = await authHeader(t, admin);
    const refused = await t.app.inject({ method: 'GET', url: '/api/appa', headers: withPassword });
    expect(refused.statusCode).toBe(403);
    const self = await t.app.inject({ method: 'GET', url: '/api/user', headers: withPassword });
    expect(self.json<User>().mustChangePassword).toBe(true);
  });
});

describe('in demo mode with no active administrator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildDemoApp();
    await buildUser(t, { role: 'ADMIN', status: 'SUSPENDIDO' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 404 and opens no session', async () => {
    const res = await login(t);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: DEMO_MSG.noAdmin });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount(t)).toBe(0);
  });
});
