import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import { auditLog, sessions, users } from '../../db/schema';
import { saveSettings } from '../../services/settings';
import { buildTestApp, buildUser, signIn, TEST_ORIGIN, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function auditActions(userId: string) {
  const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, userId));
  return rows.map((r) => r.action);
}

describe('GET /api/user', () => {
  it('answers 401 with a Spanish message when not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
  });

  it('accepts the bearer token and the session cookie alike', async () => {
    const user = await buildUser(t, { role: 'LIDER' });
    const { token, cookie } = await signIn(t, user.username, user.plainPassword);
    for (const headers of [{ authorization: `Bearer ${token}` }, { cookie }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, role: 'LIDER', slug: user.slug });
    }
  });

  it('refuses a made-up token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/login', () => {
  it('answers the user fields plus a token, never the password hash', async () => {
    const user = await buildUser(t, { role: 'GERENTE' });
    const res = await post('/api/auth/login', {
      username: user.username,
      password: user.plainPassword,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: user.id, role: 'GERENTE', mustChangePassword: false });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('pinHash');
    expect(JSON.stringify(body)).not.toContain('argon2');
    // The token is stored hashed.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(body.token);
    expect(await auditActions(user.id)).toContain('auth.login');
  });

  it('sets an httpOnly, SameSite session cookie', async () => {
    const user = await buildUser(t);
    const res = await post('/api/auth/login', {
      username: user.username,
      password: user.plainPassword,
    });
    const cookie = res.cookies.find((c) => c.name === 'appa_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('names the cookie __Host- and marks it Secure when served over HTTPS', async () => {
    const secure = await buildTestApp({ publicUrl: 'https://appa.example.com' });
    const user = await buildUser(secure);
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.plainPassword },
    });
    expect(res.cookies.find((c) => c.name === '__Host-appa_session')).toMatchObject({
      secure: true,
      httpOnly: true,
      path: '/',
    });
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    await secure.close();
  });

  it('accepts the e-mail address in place of the user name, in any case', async () => {
    const user = await buildUser(t);
    const res = await post('/api/auth/login', {
      username: user.email.toUpperCase(),
      password: user.plainPassword,
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers the same message for a wrong password and an unknown user, and audits both', async () => {
    const user = await buildUser(t);
    const wrong = await post('/api/auth/login', { username: user.username, password: 'nope-nope' });
    const unknown = await post('/api/auth/login', { username: 'nadie', password: 'nope-nope' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.invalidCredentials });
    }
    expect(await auditActions(user.id)).toContain('auth.login_failed');
    const failures = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.login_failed'));
    const metas = failures.map((f) => f.meta);
    expect(metas).toContainEqual(expect.objectContaining({ reason: 'unknown_user' }));
    // What was typed as an unknown user name is not kept: it may be a password.
    expect(JSON.stringify(metas)).not.toMatch(/nope-nope|nadie/);
  });

  it('validates with the Spanish messages of the spec', async () => {
    expect((await post('/api/auth/login', { password: 'x' })).json()).toEqual({
      message: 'Usuario requerido',
    });
    expect((await post('/api/auth/login', { username: 'ana' })).json()).toEqual({
      message: 'Contraseña requerida',
    });
    const wrongType = await post('/api/auth/login', { username: 42, password: ['x'] });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Usuario requerido');
  });

  it('answers malformed JSON with a 400 and a Spanish message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "ana",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.invalidJson });
  });

  it('refuses an oversize body with 413', async () => {
    const res = await post('/api/auth/login', {
      username: 'a'.repeat(2 * 1024 * 1024),
      password: 'x',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MSG.bodyTooLarge });
  });

  it('does not let a suspended user sign in', async () => {
    const user = await buildUser(t, { status: 'SUSPENDIDO' });
    const res = await post('/api/auth/login', {
      username: user.username,
      password: user.plainPassword,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.userSuspended });
    expect(await auditActions(user.id)).toContain('auth.login_refused');
  });

  it('answers a suspended account the same whatever the password, so it confirms none', async () => {
    const user = await buildUser(t, { status: 'SUSPENDIDO' });
    const right = await post('/api/auth/login', {
      username: user.username,
      password: user.plainPassword,
    });
    const wrong = await post('/api/auth/login', {
      username: user.username,
      password: 'no-es-esta',
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([right.statusCode, right.json()]);
    expect(wrong.json()).toEqual({ message: MSG.userSuspended });
  });

  it('ends the sessions of a user who is suspended', async () => {
    const user = await buildUser(t);
    const { token } = await signIn(t, user.username, user.plainPassword);
    await t.db.update(users).set({ status: 'SUSPENDIDO' }).where(eq(users.id, user.id));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('sign-in throttling', () => {
  it('makes an account wait after five failures from one address, even with the right password', async () => {
    const user = await buildUser(t);
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/login', {
        username: user.username,
        password: 'mal-mal-mal',
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', {
      username: user.username,
      password: user.plainPassword,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.tooManyAttempts(1));
    expect(blocked.headers['retry-after']).toBe('30');

    t.clock.advance(31_000);
    const after = await post('/api/auth/login', {
      username: user.username,
      password: user.plainPassword,
    });
    expect(after.statusCode).toBe(200);
  });

  it('doubles the wait with each further failure but never locks the account for long', async () => {
    const user = await buildUser(t);
    for (let i = 0; i < 5; i++) {
      await post('/api/auth/login', { username: user.username, password: 'mal-mal-mal' });
    }
    t.clock.advance(31_000);
    await post('/api/auth/login', { username: user.username, password: 'mal-mal-mal' });
    const blocked = await post('/api/auth/login', {
      username: user.username,
      password: user.plainPassword,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('60');
    // From another address, the owner is not held by the guesser's counter.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.8.7',
      payload: { username: user.username, password: user.plainPassword },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('expire after two idle hours', async () => {
    const user = await buildUser(t);
    const { token } = await signIn(t, user.username, user.plainPassword);
    const headers = { authorization: `Bearer ${token}` };
    t.clock.advance(119 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);
    t.clock.advance(119 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);
    t.clock.advance(121 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
  });

  it('expire after the saved session duration even when used', async () => {
    await saveSettings(t.db, { sessionHours: 3 }, null);
    const user = await buildUser(t);
    const { token } = await signIn(t, user.username, user.plainPassword);
    await saveSettings(t.db, { sessionHours: 24 }, null);
    const headers = { authorization: `Bearer ${token}` };
    for (let i = 0; i < 2; i++) {
      t.clock.advance(89 * 60_000);
      expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(
        200,
      );
    }
    t.clock.advance(3 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
  });

  it('a new token at every sign-in', async () => {
    const user = await buildUser(t);
    const a = await signIn(t, user.username, user.plainPassword);
    const b = await signIn(t, user.username, user.plainPassword);
    expect(a.token).not.toBe(b.token);
  });
});

describe('POST /api/logout', () => {
  it('revokes the token on the server and clears the cookie', async () => {
    const user = await buildUser(t);
    const { token } = await signIn(t, user.username, user.plainPassword);
    const headers = { authorization: `Bearer ${token}` };
    const res = await post('/api/logout', {}, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.loggedOut, redirectTo: '/auth', atProvider: false });
    expect(res.cookies.find((c) => c.name === 'appa_session')?.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
    expect(await auditActions(user.id)).toContain('auth.logout');
  });

  it('sends the browser to the public site when one is configured', async () => {
    const other = await buildTestApp({ publicSiteUrl: 'https://www.example.com' });
    const res = await other.app.inject({ method: 'POST', url: '/api/logout', payload: {} });
    expect(res.json().redirectTo).toBe('https://www.example.com');
    await other.close();
  });
});

describe('CSRF defence for cookie-authenticated writes', () => {
  it('refuses a cookie write without an Origin and one from another site', async () => {
    const user = await buildUser(t);
    const { cookie } = await signIn(t, user.username, user.plainPassword);
    const attempts: Record<string, string>[] = [
      { cookie },
      { cookie, origin: 'https://evil.example' },
    ];
    for (const headers of attempts) {
      const res = await post('/api/logout', {}, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.csrf });
    }
    const refused = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'security.csrf_refused'));
    expect(refused.length).toBeGreaterThanOrEqual(2);
    // Still signed in: nothing was done.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode,
    ).toBe(200);
  });

  it('audits a refused request by its route, never by its query string', async () => {
    const user = await buildUser(t);
    const { cookie } = await signIn(t, user.username, user.plainPassword);
    const res = await post('/api/logout?token=s3cr3t&signature=s1g', {}, { cookie });
    expect(res.statusCode).toBe(403);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'security.csrf_refused'));
    expect(rows.map((r) => r.meta)).toContainEqual(
      expect.objectContaining({ method: 'POST', route: '/api/logout' }),
    );
    expect(JSON.stringify(rows)).not.toMatch(/s3cr3t|s1g/);
  });

  it('accepts a cookie write from the same origin and a bearer write without one', async () => {
    const user = await buildUser(t);
    const a = await signIn(t, user.username, user.plainPassword);
    expect(
      (await post('/api/logout', {}, { cookie: a.cookie, origin: TEST_ORIGIN })).statusCode,
    ).toBe(200);
    const b = await signIn(t, user.username, user.plainPassword);
    expect((await post('/api/logout', {}, { authorization: `Bearer ${b.token}` })).statusCode).toBe(
      200,
    );
  });

  it('refuses a cross-site sign-in attempt', async () => {
    const user = await buildUser(t);
    const res = await post(
      '/api/auth/login-username',
      { username: user.username, password: user.plainPassword },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
  });

  it('guards an address whose /api is percent-encoded like any other: the router decodes it', async () => {
    const user = await buildUser(t);
    const signInAttempt = await post(
      '/%61pi/auth/login-username',
      { username: user.username, password: user.plainPassword },
      { origin: 'https://evil.example' },
    );
    expect(signInAttempt.statusCode).toBe(403);
    expect(signInAttempt.cookies).toEqual([]);
    const { cookie } = await signIn(t, user.username, user.plainPassword);
    const signOut = await post('/%61pi/logout', {}, { cookie, origin: 'https://evil.example' });
    expect(signOut.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode,
    ).toBe(200);
    // Signed out, a route's input is not read before the 401.
    const create = await post('/%61pi/users', {}, { origin: TEST_ORIGIN });
    expect(create.statusCode).toBe(401);
  });
});

describe('POST /api/auth/login-username', () => {
  it('answers the user fields without a token and sets the cookie', async () => {
    const user = await buildUser(t, { mustChangePassword: true });
    const res = await post(
      '/api/auth/login-username',
      { username: user.username, password: user.plainPassword },
      { origin: TEST_ORIGIN },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, mustChangePassword: true });
    expect(res.json()).not.toHaveProperty('token');
    expect(res.cookies.some((c) => c.name === 'appa_session' && c.value)).toBe(true);
  });
});

describe('forced password change', () => {
  it('blocks every other call with a 403 until the password is changed', async () => {
    const user = await buildUser(t, { mustChangePassword: true });
    const { token } = await signIn(t, user.username, user.plainPassword);
    const headers = { authorization: `Bearer ${token}` };
    const blocked = await post(
      '/api/register',
      { email: 'a@b.com', fullName: 'A B', username: 'ab', password: 'otra-clave-larga' },
      headers,
    );
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ message: MSG.mustChangePassword });
    // What the change-password screen needs still answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  it('answers 401 when not signed in', async () => {
    const res = await post('/api/auth/change-password', {
      currentPassword: 'x',
      newPassword: 'una-clave-nueva',
    });
    expect(res.statusCode).toBe(401);
  });

  it('clears the forced change, keeps this session and ends the others', async () => {
    const user = await buildUser(t, { mustChangePassword: true });
    const here = await signIn(t, user.username, user.plainPassword);
    const elsewhere = await signIn(t, user.username, user.plainPassword);
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: user.plainPassword, newPassword: 'mi nueva clave de 2026' },
      { authorization: `Bearer ${here.token}` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.passwordChanged,
      user: { id: user.id, mustChangePassword: false },
    });
    const me = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await me(here.token)).statusCode).toBe(200);
    expect((await me(elsewhere.token)).statusCode).toBe(401);
    // The old password no longer works, the new one does.
    expect(
      (await post('/api/auth/login', { username: user.username, password: user.plainPassword }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await post('/api/auth/login', {
          username: user.username,
          password: 'mi nueva clave de 2026',
        })
      ).statusCode,
    ).toBe(200);
    expect(await auditActions(user.id)).toContain('auth.password_changed');
  });

  it('refuses a wrong current password, a short one, a common one and the same one', async () => {
    const user = await buildUser(t);
    const { token } = await signIn(t, user.username, user.plainPassword);
    const headers = { authorization: `Bearer ${token}` };
    const cases: [object, string][] = [
      [{ currentPassword: 'incorrecta', newPassword: 'una clave larga' }, MSG.currentPasswordWrong],
      [{ currentPassword: user.plainPassword, newPassword: 'corta' }, MSG.newPasswordTooShort],
      [{ currentPassword: user.plainPassword, newPassword: 'password123' }, MSG.passwordTooCommon],
      [
        { currentPassword: user.plainPassword, newPassword: 'Contraseña123' },
        MSG.passwordTooCommon,
      ],
      [
        { currentPassword: user.plainPassword, newPassword: user.plainPassword },
        MSG.passwordSameAsCurrent,
      ],
      [{ newPassword: 'una clave larga' }, MSG.currentPasswordRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/auth/change-password', payload, headers);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.password).toBe(user.password);
  });
});

describe('GET /api/users/slug/:slug', () => {
  it('answers only the full name and slug of a known person', async () => {
    const user = await buildUser(t, { fullName: 'María José Pérez' });
    const res = await t.app.inject({ method: 'GET', url: `/api/users/slug/${user.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fullName: 'María José Pérez', slug: user.slug });
    expect(user.slug).toMatch(/^maria-jose-perez(-\d+)?$/);
  });

  it('answers 404 Usuario no encontrado for an unknown slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/slug/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Usuario no encontrado' });
  });

  it('answers a suspended person’s link as unknown', async () => {
    const user = await buildUser(t, { status: 'SUSPENDIDO' });
    const res = await t.app.inject({ method: 'GET', url: `/api/users/slug/${user.slug}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Usuario no encontrado' });
  });

  it('holds back an address that guesses links, never one that opens real ones', async () => {
    const user = await buildUser(t, { fullName: 'Rosa Real' });
    const lookup = (slug: string, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/api/users/slug/${slug}`, remoteAddress });
    for (let i = 0; i < 40; i++) {
      expect((await lookup(user.slug, '10.20.0.1')).statusCode).toBe(200);
    }
    for (let i = 0; i < THROTTLE.slugMisses.free; i++) {
      expect((await lookup(`nombre-inventado-${i}`, '10.20.0.2')).statusCode).toBe(404);
    }
    const held = await lookup(user.slug, '10.20.0.2');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookup(user.slug, '10.20.0.3')).statusCode).toBe(200);
  });
});

describe('health, readiness and errors', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({
      status: 'ready',
      jobs: 'running',
    });
  });

  it('answers an unknown API route with a Spanish 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.routeNotFound });
  });

  it('sends the security headers with a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never lets a session row of a revoked login survive', async () => {
    const user = await buildUser(t);
    const { token } = await signIn(t, user.username, user.plainPassword);
    await post('/api/logout', {}, { authorization: `Bearer ${token}` });
    const rows = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id)));
    expect(rows).toHaveLength(0);
  });
});
