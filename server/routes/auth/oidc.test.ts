import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../common/messages';
import { landingPathFor } from '../../../common/roles';
import { SSO_MSG, SSO_REFUSAL } from '../../../common/schemas/sso';
import { loadConfig } from '../../config';
import { auditLog, sessions, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { saveSettings } from '../../services/settings';
import { buildTestApp, buildUser, TEST_ORIGIN, type TestApp } from '../../test/helper';
import { startTestProvider, type TestProvider } from '../../test/oidc-provider';

const PUBLIC_URL = 'http://appa.localhost';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

let t: TestApp;
let idp: TestProvider;

beforeAll(async () => {
  idp = await startTestProvider({
    redirectUri: CALLBACK,
    postLogoutRedirectUri: `${PUBLIC_URL}/auth`,
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp',
    PUBLIC_URL,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_BUTTON_LABEL: 'Proveedor de Prueba',
  });
  t = await buildTestApp({ publicUrl: PUBLIC_URL, oidc: config.oidc });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});
beforeEach(async () => {
  // The provider signs with the machine's time; APPA's clock checks its tokens.
  t.clock.current = new Date();
  await saveSettings(t.db, { ssoOnly: false, ssoJitEnabled: false, ssoJitDomains: [] }, null);
});

let counter = 0;
/** A person at the provider, and (unless `appa: false`) in APPA with the same e-mail. */
async function person(
  options: {
    role?: 'ADMIN' | 'USER' | 'LIDER' | 'GERENTE';
    status?: 'SUSPENDIDO';
    email?: string;
    verified?: boolean;
    appa?: boolean;
  } = {},
) {
  counter += 1;
  const login = `persona-${counter}`;
  const email = options.email ?? `persona.sso${counter}@empresa.pe`;
  idp.addAccount(login, {
    email: email.toUpperCase(),
    email_verified: options.verified ?? true,
    name: `Persona Sso ${counter}`,
  });
  const user =
    options.appa === false
      ? null
      : await buildUser(t, {
          email,
          role: options.role ?? 'USER',
          ...(options.status ? { status: options.status } : {}),
        });
  return { login, email, user };
}

/** GET /api/auth/oidc/start, as the browser: the provider's address and the attempt's cookie. */
async function start() {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
  expect(res.statusCode, res.body).toBe(302);
  const cookie = res.cookies.find((c) => c.name === 'appa_sso');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  return { location: new URL(String(res.headers.location)), cookie: `appa_sso=${cookie?.value}` };
}

function callback(back: URL, cookie: string | null) {
  return t.app.inject({
    method: 'GET',
    url: `/api/auth/oidc/callback${back.search}`,
    headers: cookie ? { cookie } : {},
  });
}

/** The whole flow: start, sign in at the provider as `login`, come back. */
async function signInThroughProvider(login: string) {
  const { location, cookie } = await start();
  const back = await idp.signInAt(location.href, login);
  return { res: await callback(back, cookie), back, cookie };
}

const sessionCookie = (res: { cookies: { name: string; value: string; httpOnly?: boolean }[] }) =>
  res.cookies.find((c) => c.name === 'appa_session' && c.value !== '');

/** POST /api/auth/login-username on `app`, as the sign-in page sends it. */
const passwordSignIn = (app: TestApp['app'], username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login-username',
    headers: { origin: TEST_ORIGIN },
    payload: { username, password },
  });

/** PUT /api/settings with the cookie of a password sign-in's answer. */
const putSettings = (
  app: TestApp['app'],
  signed: Parameters<typeof sessionCookie>[0],
  payload: Record<string, unknown>,
) =>
  app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: { origin: TEST_ORIGIN, cookie: `appa_session=${sessionCookie(signed)?.value}` },
    payload,
  });

const sessionsOf = (userId: string | undefined) =>
  t.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId ?? ''));

async function lastAudit(userId: string | null, action: string) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(
      userId
        ? and(eq(auditLog.action, action), eq(auditLog.entityId, userId))
        : eq(auditLog.action, action),
    );
  return rows.at(-1);
}

/**
 * A query builder whose execution waits for `gate`: whatever the handler chains on it
 * (`.set().where().returning()`) and awaits runs only after the gate's write, on any connection.
 */
function runsAfter<T extends object>(gate: Promise<unknown>, builder: T): T {
  return new Proxy(builder, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'then')
        return (resolve?: (v: unknown) => unknown, reject?: (e: unknown) => unknown) =>
          gate.then(() => (value as PromiseLike<unknown>['then']).call(target, resolve, reject));
      return (...args: unknown[]) => {
        const out: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        return out && typeof out === 'object' && 'then' in out ? runsAfter(gate, out) : out;
      };
    },
  });
}

describe('GET /api/auth/oidc/start', () => {
  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const { location } = await start();
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('client_id')).toBe(idp.clientId);
    expect(location.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(location.searchParams.get(name)?.length).toBeGreaterThanOrEqual(32);
  });

  it('is public and says so in /api/config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ sso: { label: 'Proveedor de Prueba' }, ssoOnly: false });
  });
});

describe('GET /api/auth/oidc/callback', () => {
  it('opens an APPA session for the person with the verified e-mail, who lands by role', async () => {
    const { login, user } = await person({ role: 'LIDER' });
    const { res } = await signInThroughProvider(login);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/');
    const cookie = sessionCookie(res);
    expect(cookie?.httpOnly).toBe(true);
    expect(res.cookies.find((c) => c.name === 'appa_sso')?.value).toBe('');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `appa_session=${cookie?.value}` },
    });
    expect(me.statusCode).toBe(200);
    const current = me.json<{ id: string; role: 'LIDER'; slug: string }>();
    expect(current.id).toBe(user?.id);
    expect(landingPathFor({ ...current, mustChangePassword: false })).toBe('/lider');

    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, user?.id ?? ''));
    expect(row?.oidcIssuer).toBe(idp.issuer);
    expect(row?.oidcSubject).toBe(login);
    expect((await lastAudit(user?.id ?? null, 'auth.login'))?.meta).toMatchObject({
      method: 'oidc',
    });
  });

  it('refuses a wrong state and opens no session', async () => {
    const { login, user } = await person();
    const { location, cookie } = await start();
    const back = await idp.signInAt(location.href, login);
    back.searchParams.set('state', 'x'.repeat(43));
    const res = await callback(back, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?sso=error');
    expect(sessionCookie(res)).toBeUndefined();
    expect(await sessionsOf(user?.id)).toEqual([]);
    expect((await lastAudit(null, 'auth.login_failed'))?.meta).toMatchObject({
      method: 'oidc',
      reason: expect.stringMatching(/^rejected: /),
    });
  });

  it("keeps in the audit log only a known error code of the provider's", async () => {
    for (const [error, reason] of [
      ['<b>fake</b> Someone typed this', 'rejected: other'],
      ['login_required', 'rejected: login_required'],
    ] as const) {
      const { location, cookie } = await start();
      const back = new URL(CALLBACK);
      back.searchParams.set('error', error);
      back.searchParams.set('state', location.searchParams.get('state') ?? '');
      back.searchParams.set('iss', idp.issuer);
      const res = await callback(back, cookie);
      expect(res.headers.location).toBe('/auth?sso=error');
      expect((await lastAudit(null, 'auth.login_failed'))?.meta).toMatchObject({ reason });
    }
  });

  it('sends a return whose query does not parse (a parameter twice) to the sign-in page', async () => {
    const { cookie } = await start();
    const res = await callback(new URL(`${CALLBACK}?code=a&code=b&state=x`), cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?sso=error');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses a return without the browser that started it (login forgery)', async () => {
    const { login } = await person();
    const { location } = await start();
    const back = await idp.signInAt(location.href, login);
    const res = await callback(back, null);
    expect(res.headers.location).toBe('/auth?sso=expired');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses a replayed code', async () => {
    const { login } = await person();
    const { res, back, cookie } = await signInThroughProvider(login);
    expect(res.headers.location).toBe('/');
    const again = await callback(back, cookie);
    expect(again.headers.location).toBe('/auth?sso=expired');
    expect(sessionCookie(again)).toBeUndefined();
  });

  it('refuses an expired ID token', async () => {
    const { login } = await person();
    const { location, cookie } = await start();
    const back = await idp.signInAt(location.href, login);
    // The token lives 60 seconds; APPA's clock reads it five minutes later (the attempt lives 10).
    t.clock.advance(5 * 60_000);
    const res = await callback(back, cookie);
    expect(res.headers.location).toBe('/auth?sso=error');
    expect(sessionCookie(res)).toBeUndefined();
    expect((await lastAudit(null, 'auth.login_failed'))?.meta).toMatchObject({
      reason: 'rejected: OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
    });
  });

  it('refuses an attempt older than ten minutes', async () => {
    const { login } = await person();
    const { location, cookie } = await start();
    const back = await idp.signInAt(location.href, login);
    t.clock.advance(11 * 60_000);
    const res = await callback(back, cookie);
    expect(res.headers.location).toBe('/auth?sso=expired');
  });

  it('refuses an e-mail the provider did not verify', async () => {
    const { login, user } = await person({ verified: false });
    const { res } = await signInThroughProvider(login);
    expect(res.headers.location).toBe('/auth?sso=unverified');
    expect(sessionCookie(res)).toBeUndefined();
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, user?.id ?? ''));
    expect(row?.oidcSubject).toBeNull();
  });

  it("believes Entra ID's verified domain (xms_edov) from no other provider", async () => {
    const user = await buildUser(t, { email: 'entra.persona@empresa.pe' });
    idp.addAccount('entra', { email: 'entra.persona@empresa.pe', xms_edov: true });
    const { res } = await signInThroughProvider('entra');
    expect(res.headers.location).toBe('/auth?sso=unverified');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.oidcSubject).toBeNull();
  });

  it('refuses a suspended person with the usual message', async () => {
    const { login, user } = await person({ status: 'SUSPENDIDO' });
    const { res } = await signInThroughProvider(login);
    expect(res.headers.location).toBe('/auth?sso=suspended');
    expect(SSO_MSG.failures.suspended).toBe(MSG.userSuspended);
    expect(sessionCookie(res)).toBeUndefined();
    expect((await lastAudit(user?.id ?? null, 'auth.login_refused'))?.meta).toMatchObject({
      method: 'oidc',
      reason: 'suspended',
    });
  });

  it('binds no pending registration to the provider account with its e-mail', async () => {
    const user = await buildUser(t, { email: 'pendiente.sso@empresa.pe', status: 'PENDIENTE' });
    idp.addAccount('pendiente', { email: user.email, email_verified: true });
    const { res } = await signInThroughProvider('pendiente');
    expect(res.headers.location).toBe('/auth?sso=inactive');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.oidcSubject).toBeNull();
  });

  it('refuses someone without an account while creation at sign-in is off', async () => {
    const { login, email } = await person({ appa: false, email: 'nuevo.off@empresa.pe' });
    const { res } = await signInThroughProvider(login);
    expect(res.headers.location).toBe('/auth?sso=unknown');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('creates a USER at first sign-in when on, only for the listed domains', async () => {
    await saveSettings(t.db, { ssoJitEnabled: true, ssoJitDomains: ['empresa.pe'] }, null);
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example.com/rrhh', events: ['user.created'], secret: 'x' })
      .returning();
    const listed = await person({ appa: false, email: 'nueva.jit@empresa.pe' });
    const { res } = await signInThroughProvider(listed.login);
    expect(res.headers.location).toBe('/');
    const [created] = await t.db.select().from(users).where(eq(users.email, listed.email));
    // Announced to webhooks like anyone an administrator creates.
    const queued = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint?.id ?? ''));
    expect(
      queued.map((d) => [d.eventType, (JSON.parse(d.payload) as { data: unknown }).data]),
    ).toEqual([
      ['user.created', expect.objectContaining({ userId: created?.id, createdById: null })],
    ]);
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint?.id ?? ''));
    expect(created).toMatchObject({
      role: 'USER',
      status: 'ACTIVO',
      password: null,
      mustChangePassword: false,
      oidcSubject: listed.login,
    });
    expect(created?.fullName).toMatch(/^Persona Sso/);

    const other = await person({ appa: false, email: 'alguien@otra.pe' });
    const refused = await signInThroughProvider(other.login);
    expect(refused.res.headers.location).toBe('/auth?sso=unknown');
    expect(await t.db.select().from(users).where(eq(users.email, other.email))).toEqual([]);
  });

  it('refuses an e-mail with a second @ or outside ASCII, and creates nobody', async () => {
    await saveSettings(t.db, { ssoJitEnabled: true, ssoJitDomains: ['empresa.pe'] }, null);
    const victim = await buildUser(t, { email: 'kelvin.sso@empresa.pe' });
    for (const [login, email] of [
      ['doble-arroba', 'x@empresa.pe@evil.com'],
      ['kelvin', '\u212Aelvin.sso@empresa.pe'],
    ] as const) {
      idp.addAccount(login, { email, email_verified: true });
      const { res } = await signInThroughProvider(login);
      expect(res.headers.location, email).toBe('/auth?sso=unverified');
      expect(sessionCookie(res)).toBeUndefined();
      expect((await lastAudit(null, 'auth.login_failed'))?.meta).toMatchObject({
        reason: 'email_invalid',
      });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'x@empresa.pe@evil.com'))).toEqual(
      [],
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.id));
    expect(row?.oidcSubject).toBeNull();
  });

  it('refuses a first sign-in when another provider account bound the person meanwhile', async () => {
    const { login, user } = await person();
    const { location, cookie } = await start();
    const back = await idp.signInAt(location.href, login);
    // Another callback, for another account with the same e-mail, binds the person between this
    // one's reading of the account and its binding: its write is queued first.
    const update = t.db.update.bind(t.db);
    let raced: Promise<unknown> | null = null;
    const spy = vi.spyOn(t.db, 'update').mockImplementation(((table: typeof users) => {
      if (table !== users || raced) return update(table);
      raced = update(users)
        .set({ oidcIssuer: idp.issuer, oidcSubject: 'otra-cuenta' })
        .where(eq(users.id, user?.id ?? ''))
        .then((rows) => rows);
      // On a pool the two writes travel on two connections: this one runs once the other is done.
      return runsAfter(raced, update(table));
    }) as typeof t.db.update);
    try {
      const res = await callback(back, cookie);
      expect(raced).not.toBeNull();
      expect(res.headers.location).toBe('/auth?sso=mismatch');
      expect(sessionCookie(res)).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, user?.id ?? ''));
    expect(row?.oidcSubject).toBe('otra-cuenta');
    expect(await sessionsOf(user?.id)).toEqual([]);
  });

  it('signs in a new person whom another first sign-in created meanwhile', async () => {
    await saveSettings(t.db, { ssoJitEnabled: true, ssoJitDomains: ['empresa.pe'] }, null);
    const { login, email } = await person({ appa: false, email: 'nueva.carrera@empresa.pe' });
    const { location, cookie } = await start();
    const back = await idp.signInAt(location.href, login);
    // The other sign-in's person is written just before this one's creation begins (the only
    // transaction of a sign-in), after this one found nobody with the e-mail.
    const transaction = t.db.transaction.bind(t.db);
    let raced: Promise<unknown> | null = null;
    const spy = vi.spyOn(t.db, 'transaction').mockImplementation(((
      ...args: Parameters<typeof t.db.transaction>
    ) => {
      if (raced) return transaction(...args);
      raced = t.db
        .insert(users)
        .values({ email, username: 'nueva.carrera', slug: 'nueva-carrera', fullName: 'Nueva' });
      return raced.then(() => transaction(...args));
    }) as typeof t.db.transaction);
    let res;
    try {
      res = await callback(back, cookie);
    } finally {
      spy.mockRestore();
    }
    expect(raced).not.toBeNull();
    expect(res.headers.location).toBe('/');
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.oidcSubject).toBe(login);
  });

  it('keeps the person bound to the provider account that first signed in', async () => {
    const { login, email, user } = await person();
    expect((await signInThroughProvider(login)).res.headers.location).toBe('/');
    expect((await lastAudit(user?.id ?? null, 'user.sso_linked'))?.meta).toEqual({
      issuer: idp.issuer,
      previousIssuer: null,
    });
    // Another account at the provider now shows the same e-mail: it does not get the person.
    counter += 1;
    const intruder = `intruso-${counter}`;
    idp.addAccount(intruder, { email, email_verified: true });
    const { res } = await signInThroughProvider(intruder);
    expect(res.headers.location).toBe('/auth?sso=mismatch');
    // The bound account still signs in, whatever e-mail it shows later.
    idp.addAccount(login, { email: 'cambiado@empresa.pe', email_verified: true });
    const bound = await signInThroughProvider(login);
    expect(bound.res.headers.location).toBe('/');
    expect((await lastAudit(user?.id ?? null, 'auth.login'))?.meta).toMatchObject({
      method: 'oidc',
    });
  });
});

describe('only single sign-on', () => {
  const login = (username: string, password: string) => passwordSignIn(t.app, username, password);

  it('refuses password sign-in to everyone but the break-glass administrators', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const author = await buildUser(t, { role: 'USER' });
    const adminLogin = await login(admin.username, admin.plainPassword);
    const put = await putSettings(t.app, adminLogin, { ssoOnly: true });
    expect(put.statusCode, put.body).toBe(200);

    const refused = await login(author.username, author.plainPassword);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: SSO_REFUSAL.ssoOnly('Proveedor de Prueba') });
    // A wrong password is answered as always: the refusal tells nothing to a guesser.
    expect((await login(author.username, 'no-es-la-clave')).statusCode).toBe(401);
    expect((await login(admin.username, admin.plainPassword)).statusCode).toBe(200);

    const link = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers: { origin: TEST_ORIGIN },
      payload: { email: author.email },
    });
    expect(link.statusCode).toBe(403);
    for (const url of ['/api/register', '/api/auth/verify-email']) {
      const closed = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: TEST_ORIGIN },
        payload:
          url === '/api/register'
            ? {
                fullName: 'Nueva Persona',
                email: 'nueva@empresa.pe',
                username: 'nueva.persona',
                password: 'Clave-larga-segura-9',
              }
            : { token: 'x'.repeat(43), password: 'Clave-larga-segura-9' },
      });
      expect(closed.statusCode, `${url} ${closed.body}`).toBe(403);
    }
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({
      ssoOnly: true,
      magicLinksEnabled: false,
      registrationEnabled: false,
    });

    // Single sign-on still lets the author in.
    idp.addAccount(`autor-${author.id}`, { email: author.email, email_verified: true });
    const { res } = await signInThroughProvider(`autor-${author.id}`);
    expect(res.headers.location).toBe('/');
  });

  it('cannot be turned on by a server without a provider, whose routes answer 404', async () => {
    const bare = await buildTestApp();
    try {
      for (const url of ['/api/auth/oidc/start', '/api/auth/oidc/callback?code=c&state=s']) {
        const res = await bare.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ message: 'El inicio de sesión único no está configurado.' });
      }
      const admin = await buildUser(bare, { role: 'ADMIN' });
      const signed = await passwordSignIn(bare.app, admin.username, admin.plainPassword);
      const put = await putSettings(bare.app, signed, { ssoOnly: true });
      expect(put.statusCode).toBe(400);
      expect(put.json()).toEqual({ message: SSO_REFUSAL.notConfigured });
    } finally {
      await bare.close();
    }
  });
});

describe('logout of a single sign-on session', () => {
  it("ends APPA's session and sends the browser to the provider's logout", async () => {
    const { login } = await person();
    const { res } = await signInThroughProvider(login);
    const cookie = `appa_session=${sessionCookie(res)?.value}`;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ atProvider: true });
    const to = new URL(out.json<{ redirectTo: string }>().redirectTo);
    expect(`${to.origin}${to.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(to.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect(to.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/auth`);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('sends a password session to APPA’s own way out', async () => {
    const user = await buildUser(t);
    const signed = await passwordSignIn(t.app, user.username, user.plainPassword);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: TEST_ORIGIN, cookie: `appa_session=${sessionCookie(signed)?.value}` },
    });
    expect(out.json()).toMatchObject({ redirectTo: '/auth' });
  });
});
