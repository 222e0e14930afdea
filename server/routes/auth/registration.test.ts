import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_VERIFICATION_HOURS, THROTTLE } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import { REGISTRATION_MSG } from '../../../common/schemas/registration';
import { auditLog, users } from '../../db/schema';
import { cleanUp } from '../../jobs/cleanup';
import { settleAfterReply } from '../../lib/after-reply';
import { saveSettings } from '../../services/settings';
import { buildTestApp, buildUser, signIn, type TestApp } from '../../test/helper';
import { lastLinkToken, mailsTo } from '../../test/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://appa.example.com' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await saveSettings(
    t.db,
    { registrationEnabled: true, registrationDomains: ['empresa.pe'] },
    null,
  );
});

const LINK_MS = EMAIL_VERIFICATION_HOURS * 3_600_000;
const PASSWORD = 'una clave bastante larga';
let counter = 0;

/** A registration of a new person on the allowed domain. */
function newcomer(overrides: { email?: string; username?: string; password?: string } = {}) {
  counter += 1;
  return {
    email: `nueva${counter}@empresa.pe`,
    fullName: `Nueva Persona ${counter}`,
    username: `nueva${counter}`,
    password: PASSWORD,
    ...overrides,
  };
}

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
/**
 * Registers and waits for the work done after the answer (the account, the mail); each from an
 * address of its own unless told, as registrations from one address are limited.
 */
async function register(payload: object, remoteAddress = `10.40.0.${counter % 250}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress, payload });
  await settleAfterReply();
  return res;
}
const verifyEmail = (token: string, password = PASSWORD) =>
  post('/api/auth/verify-email', { token, password });
const linkTo = (email: string) => lastLinkToken(t, email, '/auth/verify-email');
const accountOf = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/register', () => {
  it('is refused unless an administrator enabled it for the domain, and writes nothing', async () => {
    await saveSettings(t.db, { registrationEnabled: false }, null);
    const payload = newcomer();
    const closed = await register(payload);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ message: MSG.registrationDisabled });
    await saveSettings(t.db, { registrationEnabled: true, registrationDomains: ['otra.pe'] }, null);
    expect((await register(payload)).statusCode).toBe(403);
    expect(await accountOf(payload.email)).toBeUndefined();
    expect(mailsTo(t, payload.email)).toEqual([]);
  });

  it('answers the same whether or not the address has an account, and signs nobody in', async () => {
    const owner = await buildUser(t, { email: 'ya.registrada@empresa.pe' });
    const fresh = await register(newcomer({ email: 'recien.llegada@empresa.pe' }));
    const existing = await register(newcomer({ email: 'Ya.Registrada@empresa.pe' }));

    for (const res of [fresh, existing]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: REGISTRATION_MSG.received });
      expect(res.cookies).toEqual([]);
    }
    expect(existing.body).toBe(fresh.body);

    // The new address has a PENDIENTE account and its link; the existing one is untouched and its
    // owner is told.
    expect(await accountOf('recien.llegada@empresa.pe')).toMatchObject({ status: 'PENDIENTE' });
    expect(mailsTo(t, 'recien.llegada@empresa.pe').at(-1)).toContain(
      'https://appa.example.com/auth/verify-email?token=',
    );
    const after = await accountOf(owner.email);
    expect(after).toMatchObject({
      id: owner.id,
      username: owner.username,
      fullName: owner.fullName,
      password: owner.password,
      status: 'ACTIVO',
    });
    const notices = mailsTo(t, owner.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('Intento de registro con tu correo');
    expect(notices[0]).toContain(owner.username);
    expect(notices[0]).not.toContain('token=');
  });

  it('tells an address’s owner at most once a day, however many attempts', async () => {
    const owner = await buildUser(t, { email: 'insistida@empresa.pe' });
    for (let i = 0; i < 3; i++)
      expect((await register(newcomer({ email: owner.email }))).statusCode).toBe(200);
    expect(mailsTo(t, owner.email)).toHaveLength(1);
    const refused = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, owner.id), eq(auditLog.action, 'auth.register_refused')));
    expect(refused).toHaveLength(3);
  });

  it('refuses a user name that is someone’s e-mail, in Spanish, and writes nothing', async () => {
    const other = await buildUser(t, { email: 'victima@empresa.pe' });
    const payload = newcomer({ username: other.email });
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: REGISTRATION_MSG.usernameIsEmail });
    expect(await accountOf(payload.email)).toBeUndefined();
    expect(mailsTo(t, payload.email)).toEqual([]);
    // Any address-shaped user name, since sign-in takes a user name or an e-mail in one field.
    const shaped = await register(newcomer({ username: 'alguien@otra.pe' }));
    expect(shaped.statusCode).toBe(400);
    expect(shaped.json()).toEqual({ message: REGISTRATION_MSG.usernameIsEmail });
  });

  it('refuses a user name in use and a common password before looking at the address', async () => {
    const other = await buildUser(t);
    const taken = await register(newcomer({ username: other.username.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: REGISTRATION_MSG.usernameTaken });
    const common = await register(newcomer({ password: 'password123' }));
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ message: MSG.passwordTooCommon });
  });
});

describe('POST /api/register, limits', () => {
  it('is refused to someone signed in', async () => {
    const member = await buildUser(t);
    const { token } = await signIn(t, member.username, member.plainPassword);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { authorization: `Bearer ${token}` },
      payload: newcomer(),
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers a bounded number of registrations from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE.registrations.free + 2; i++) {
      statuses.push((await register(newcomer(), '10.41.0.1')).statusCode);
    }
    expect(statuses.slice(0, THROTTLE.registrations.free)).toEqual(
      Array(THROTTLE.registrations.free).fill(200),
    );
    expect(statuses.slice(THROTTLE.registrations.free)).toEqual([429, 429]);
  });
});

describe('an account until its address is confirmed', () => {
  it('cannot sign in with its password nor ask for a magic link', async () => {
    const payload = newcomer();
    await register(payload);
    const right = await post('/api/auth/login', {
      username: payload.username,
      password: PASSWORD,
    });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: REGISTRATION_MSG.notConfirmed });
    expect(right.cookies).toEqual([]);
    // A wrong password learns nothing more than for any account.
    const wrong = await post('/api/auth/login', {
      username: payload.email,
      password: 'otra clave cualquiera',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: MSG.invalidCredentials });

    expect((await post('/api/auth/magic-link', { email: payload.email })).statusCode).toBe(200);
    expect(mailsTo(t, payload.email)).toHaveLength(1);
    expect(mailsTo(t, payload.email)[0]).not.toContain('/auth/verify?token=');
  });

  it('has no personal link yet', async () => {
    const payload = newcomer();
    await register(payload);
    const account = await accountOf(payload.email);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/slug/${account?.slug}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('confirms the address once, with the password chosen, and signs the person in', async () => {
    const payload = newcomer();
    await register(payload);
    const token = linkTo(payload.email);

    const wrong = await verifyEmail(token, 'no es mi clave');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: REGISTRATION_MSG.wrongPassword });
    expect(await accountOf(payload.email)).toMatchObject({ status: 'PENDIENTE' });

    const confirmed = await verifyEmail(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      email: payload.email,
      username: payload.username,
      role: 'USER',
      status: 'ACTIVO',
      mustChangePassword: false,
    });
    expect(confirmed.cookies.some((c) => c.name.endsWith('appa_session') && c.value)).toBe(true);
    await signIn(t, payload.username, PASSWORD);

    const again = await verifyEmail(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: REGISTRATION_MSG.linkInvalid });
    const account = await accountOf(payload.email);
    const actions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, account?.id ?? ''));
    expect(actions.map((r) => r.action)).toEqual(
      expect.arrayContaining(['auth.register', 'auth.email_verified', 'auth.login']),
    );
  });

  it('refuses a made-up link in Spanish', async () => {
    const res = await verifyEmail('enlace-inventado-abcdefghijklmnop');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: REGISTRATION_MSG.linkInvalid });
  });

  it('refuses an expired link; the address can then be registered again', async () => {
    const payload = newcomer();
    await register(payload);
    const stale = await accountOf(payload.email);
    const oldToken = linkTo(payload.email);
    t.clock.advance(LINK_MS + 1000);
    try {
      const expired = await verifyEmail(oldToken);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ message: REGISTRATION_MSG.linkExpired });

      // Same address and user name: the registration nobody confirmed is replaced.
      const again = await register({ ...payload, fullName: 'Dueña Real' });
      expect(again.statusCode).toBe(200);
      const replaced = await accountOf(payload.email);
      expect(replaced).toMatchObject({ status: 'PENDIENTE', fullName: 'Dueña Real' });
      expect(replaced?.id).not.toBe(stale?.id);
      expect((await verifyEmail(linkTo(payload.email))).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(LINK_MS + 1000));
    }
  });

  it('a fresh registration holds its address; the clean-up removes it once its link expired', async () => {
    const payload = newcomer();
    await register(payload);
    const first = await accountOf(payload.email);
    await register({ ...payload, username: `${payload.username}.bis` });
    expect((await accountOf(payload.email))?.id).toBe(first?.id);
    expect(mailsTo(t, payload.email).at(-1)).toContain('registro sin confirmar');

    await cleanUp(t.ctx, { info: () => {} });
    expect(await accountOf(payload.email)).toBeDefined();
    t.clock.advance(LINK_MS + 1000);
    try {
      await cleanUp(t.ctx, { info: () => {} });
      expect(await accountOf(payload.email)).toBeUndefined();
    } finally {
      t.clock.advance(-(LINK_MS + 1000));
    }
  });

  it('refuses the link of a registration an administrator suspended, and keeps it unused', async () => {
    const payload = newcomer();
    await register(payload);
    const token = linkTo(payload.email);
    await t.db.update(users).set({ status: 'SUSPENDIDO' }).where(eq(users.email, payload.email));
    const res = await verifyEmail(token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.userSuspended });
  });
});

describe('GET /api/config', () => {
  it('says whether /auth offers registration, never for which domains', async () => {
    const offered = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(offered).toMatchObject({ registrationEnabled: true });
    expect(JSON.stringify(offered)).not.toContain('empresa.pe');
    await saveSettings(t.db, { registrationEnabled: false }, null);
    const closed = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(closed).toMatchObject({ registrationEnabled: false });
  });
});
