import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../common/schemas/auth';
import { DEMO_MSG } from '../../../common/schemas/demo';
import { auditLog, sessions } from '../../db/schema';
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

describe('outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: false });
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

describe('in demo mode', () => {
  let t: TestApp;
  let demoAdmin: Awaited<ReturnType<typeof buildUser>>;
  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
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

describe('in demo mode with no active administrator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
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
