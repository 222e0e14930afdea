import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { API_TOKEN_MSG, type ApiToken } from '../../../common/schemas/api-tokens';
import { SETTINGS_MSG } from '../../../common/schemas/settings';
import { loadConfig } from '../../config';
import { settleAfterReply } from '../../lib/after-reply';
import { apiTokens, auditLog, mailQueue } from '../../db/schema';
import { saveSettings } from '../../services/settings';
import { authHeader, buildTestApp, buildUser, signIn, type TestApp } from '../../test/helper';

/**
 * What ends a token besides its own revocation: a password reset, a suspension, the owner's own
 * password change if they ask, "Solo inicio de sesión único", and the default life of a personal
 * token. The server has a provider configured (never reached: nobody signs in through it here),
 * so that only single sign-on may be switched on.
 */

let t: TestApp;
beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp',
    PUBLIC_URL: 'http://appa.localhost',
    OIDC_ISSUER: 'https://idp.example.com',
    OIDC_CLIENT_ID: 'appa',
    OIDC_BUTTON_LABEL: 'Proveedor de Prueba',
  });
  t = await buildTestApp({ publicUrl: config.publicUrl, oidc: config.oidc });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await saveSettings(t.db, { ssoOnly: false, personalTokenDays: 90 }, null);
  t.ctx.readCache.invalidate();
});

type Person = Awaited<ReturnType<typeof buildUser>>;

async function makeToken(
  owner: Person,
  body: Record<string, unknown> = {},
): Promise<{ token: string; apiToken: ApiToken }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: await authHeader(t, owner),
    payload: { name: 'Mi script', scopes: ['reports:read'], ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What a script holding `token` gets for a read its scope allows. */
async function use(token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/me/reports',
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, message: res.json<{ message?: string }>().message };
}
const works = { status: 200, message: undefined };
const invalid = { status: 401, message: API_TOKEN_MSG.invalid };

const revocations = (ids: string[]) =>
  t.db
    .select({ actorId: auditLog.actorId, entityId: auditLog.entityId, meta: auditLog.meta })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'api_token.revoked'), inArray(auditLog.entityId, ids)));

const mailTo = (email: string) =>
  t.db
    .select({ kind: mailQueue.kind, subject: mailQueue.subject, text: mailQueue.text })
    .from(mailQueue)
    .where(eq(mailQueue.to, email));

const putSettings = async (admin: Person, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: await authHeader(t, admin),
    payload,
  });

describe('an administrator resetting a password', () => {
  it("revokes the person's personal tokens for good, audits each and tells them by e-mail", async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const person = await buildUser(t);
    const first = await makeToken(person, { name: 'Exportación semanal' });
    const second = await makeToken(person, { name: 'Hoja de cálculo' });
    const bystander = await makeToken(await buildUser(t));
    expect(await use(first.token)).toEqual(works);

    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${person.id}/password`,
      headers: await authHeader(t, admin),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const temporary = reset.json<{ temporaryPassword: string }>().temporaryPassword;
    // The person chooses a new password: the old tokens stay dead.
    const session = await signIn(t, person.username, temporary);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${session.token}` },
      // Not asking to revoke them: the reset already did.
      payload: {
        currentPassword: temporary,
        newPassword: 'una clave nueva y larga',
        revokeTokens: false,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await use(first.token)).toEqual(invalid);
    expect(await use(second.token)).toEqual(invalid);
    expect(await use(bystander.token)).toEqual(works);

    const ids = [first.apiToken.id, second.apiToken.id];
    expect(await revocations(ids)).toHaveLength(2);
    for (const row of await revocations(ids))
      expect(row).toMatchObject({
        actorId: admin.id,
        meta: { ownerId: person.id, kind: 'PERSONAL', reason: 'password_reset' },
      });
    const told = (await mailTo(person.email)).filter((m) => m.kind === 'api_tokens_revoked');
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Un administrador restableció tu contraseña');
    expect(told[0]?.text).toContain('Exportación semanal');
    expect(told[0]?.text).toContain('Hoja de cálculo');
    expect(told[0]?.text).toContain('http://appa.localhost/cuenta');
  });

  it("keeps an administrator's service tokens, which are the organisation's integrations", async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const other = await buildUser(t, { role: 'ADMIN' });
    const service = await makeToken(other, { kind: 'SERVICE' });
    const personal = await makeToken(other);
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${other.id}/password`,
      headers: await authHeader(t, admin),
    });
    expect(reset.statusCode).toBe(200);
    expect(await use(personal.token)).toEqual(invalid);
    // Held to the password change like its owner, not revoked.
    expect(await use(service.token)).toEqual({ status: 403, message: MSG.mustChangePassword });
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, service.apiToken.id));
    expect(row?.revokedAt).toBeNull();
  });
});

describe('suspending a person', () => {
  it('revokes their personal tokens, which reactivating does not bring back; service tokens only pause', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const person = await buildUser(t);
    const otherAdmin = await buildUser(t, { role: 'ADMIN' });
    const personal = await makeToken(person, { name: 'Lector de reportes' });
    const service = await makeToken(otherAdmin, { kind: 'SERVICE' });
    const headers = await authHeader(t, admin);
    const setStatus = (id: string, status: string) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${id}/status`, headers, payload: { status } });

    for (const who of [person, otherAdmin])
      expect((await setStatus(who.id, 'SUSPENDIDO')).statusCode).toBe(200);
    expect(await use(personal.token)).toEqual(invalid);
    expect(await use(service.token)).toEqual(invalid);
    for (const who of [person, otherAdmin])
      expect((await setStatus(who.id, 'ACTIVO')).statusCode).toBe(200);
    expect(await use(personal.token)).toEqual(invalid);
    expect(await use(service.token)).toEqual(works);

    expect((await revocations([personal.apiToken.id]))[0]).toMatchObject({
      actorId: admin.id,
      meta: { reason: 'suspended' },
    });
    expect(await revocations([service.apiToken.id])).toEqual([]);
    const told = (await mailTo(person.email)).filter((m) => m.kind === 'api_tokens_revoked');
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Tu cuenta fue suspendida');
    expect(told[0]?.text).toContain('Lector de reportes');
    // Sent right after the answer, as a reset's is, not at the queue's next pass.
    await settleAfterReply();
    const [sent] = await t.db
      .select({ status: mailQueue.status })
      .from(mailQueue)
      .where(and(eq(mailQueue.to, person.email), eq(mailQueue.kind, 'api_tokens_revoked')));
    expect(sent?.status).toBe('SENT');
  });
});

describe('changing one’s own password', () => {
  const change = async (person: Person, extra: Record<string, unknown>, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: await authHeader(t, person),
      payload: { currentPassword: person.plainPassword, newPassword, ...extra },
    });

  it('revokes the personal tokens unless the person unticks "Revocar también mis tokens"', async () => {
    const person = await buildUser(t);
    const kept = await makeToken(person);
    const keep = await change(person, { revokeTokens: false }, 'otra clave bien larga');
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json()).toMatchObject({ message: MSG.passwordChanged });
    expect(await use(kept.token)).toEqual(works);

    const again = { ...person, plainPassword: 'otra clave bien larga' };
    const second = await makeToken(again);
    const revoke = await change(again, {}, 'una tercera clave larga');
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json()).toMatchObject({
      message: `${MSG.passwordChanged}. ${API_TOKEN_MSG.revokedWithPassword(2)}`,
    });
    expect(await use(kept.token)).toEqual(invalid);
    expect(await use(second.token)).toEqual(invalid);
    const rows = await revocations([kept.apiToken.id, second.apiToken.id]);
    expect(rows.map((r) => r.meta)).toEqual([
      expect.objectContaining({ reason: 'password_changed' }),
      expect.objectContaining({ reason: 'password_changed' }),
    ]);
    // They chose it on the spot: no e-mail.
    expect((await mailTo(person.email)).map((m) => m.kind)).not.toContain('api_tokens_revoked');
  });

  it('refuses a choice that is not yes or no, and changes nothing', async () => {
    const person = await buildUser(t);
    const token = await makeToken(person);
    const res = await change(person, { revokeTokens: 'sí' }, 'otra clave bien larga');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.invalidInput });
    expect(await use(token.token)).toEqual(works);
    await signIn(t, person.username, person.plainPassword);
  });
});

describe('the life of a personal token', () => {
  it('is the default when no last day is given, as Configuración sets it, and never beyond a year', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const person = await buildUser(t);
    // The test clock's today is 2026-11-18.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/tokens',
      headers: await authHeader(t, person),
    });
    expect(list.json()).toMatchObject({
      personal: { refusal: null, defaultDays: 90, maxDays: 365 },
    });
    expect((await makeToken(person)).apiToken.expiresAt).toBe('2027-02-16T23:59:59.999Z');

    expect((await putSettings(admin, { personalTokenDays: 30 })).statusCode).toBe(200);
    expect((await makeToken(person)).apiToken.expiresAt).toBe('2026-12-18T23:59:59.999Z');
    const tooLong = await putSettings(admin, { personalTokenDays: 366 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: SETTINGS_MSG.personalTokenDays });

    expect((await makeToken(person, { expiresAt: '2027-11-18' })).apiToken.expiresAt).toBe(
      '2027-11-18T23:59:59.999Z',
    );
    const beyond = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: await authHeader(t, person),
      payload: { name: 'x', scopes: ['reports:read'], expiresAt: '2027-11-19' },
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toEqual({ message: API_TOKEN_MSG.personalExpiresTooFar });

    // A service token still lasts until revoked, or up to two years.
    expect((await makeToken(admin, { kind: 'SERVICE' })).apiToken.expiresAt).toBeNull();
    expect(
      (await makeToken(admin, { kind: 'SERVICE', expiresAt: '2028-06-01' })).apiToken.expiresAt,
    ).toBe('2028-06-01T23:59:59.999Z');
  });

  it('ends on its default last day', async () => {
    const token = await makeToken(await buildUser(t));
    t.clock.advance(90 * 86_400_000);
    expect(await use(token.token)).toEqual(works);
    t.clock.advance(86_400_000);
    expect(await use(token.token)).toEqual(invalid);
  });
});

describe('"Solo inicio de sesión único"', () => {
  it('switched on, revokes the personal tokens of everyone but administrators, and switched off brings none back', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const person = await buildUser(t);
    const personal = await makeToken(person, { name: 'Script de Ana' });
    const adminsOwn = await makeToken(admin);
    const service = await makeToken(admin, { kind: 'SERVICE' });

    expect((await putSettings(admin, { ssoOnly: true })).statusCode).toBe(200);
    expect(await use(personal.token)).toEqual(invalid);
    // Administrators keep their password, and their tokens with it.
    expect(await use(adminsOwn.token)).toEqual(works);
    expect(await use(service.token)).toEqual(works);
    expect((await revocations([personal.apiToken.id]))[0]).toMatchObject({
      actorId: admin.id,
      meta: { reason: 'sso_only', ownerId: person.id },
    });
    const told = (await mailTo(person.email)).filter((m) => m.kind === 'api_tokens_revoked');
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('solo permite ingresar con inicio de sesión único');
    expect(told[0]?.text).toContain('Script de Ana');

    expect((await putSettings(admin, { ssoOnly: false })).statusCode).toBe(200);
    expect(await use(personal.token)).toEqual(invalid);
  });

  it('refuses a new personal token to whoever it holds for, and Mi cuenta is told why', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const person = await buildUser(t);
    const headers = await authHeader(t, person);
    expect((await putSettings(admin, { ssoOnly: true })).statusCode).toBe(200);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers,
      payload: { name: 'Nuevo', scopes: ['reports:read'] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: API_TOKEN_MSG.ssoOnlyCannotCreate });
    const [made] = await t.db.select().from(apiTokens).where(eq(apiTokens.userId, person.id));
    expect(made).toBeUndefined();
    const list = await t.app.inject({ method: 'GET', url: '/api/tokens', headers });
    expect(list.json()).toMatchObject({
      personal: { refusal: API_TOKEN_MSG.ssoOnlyCannotCreate },
    });
    // An administrator still makes both kinds.
    await makeToken(admin);
    await makeToken(admin, { kind: 'SERVICE' });
  });

  it('refuses with its reason, and revokes, a personal token it finds still alive', async () => {
    // As after a restart with the provider back, the setting having stayed on: no switch to revoke.
    const person = await buildUser(t);
    const personal = await makeToken(person);
    await saveSettings(t.db, { ssoOnly: true }, null);
    t.ctx.readCache.invalidate();

    expect(await use(personal.token)).toEqual({
      status: 401,
      message: API_TOKEN_MSG.ssoOnlyRefused,
    });
    expect((await revocations([personal.apiToken.id]))[0]).toMatchObject({
      actorId: null,
      meta: { reason: 'sso_only' },
    });
    await saveSettings(t.db, { ssoOnly: false }, null);
    t.ctx.readCache.invalidate();
    expect(await use(personal.token)).toEqual(invalid);
  });
});
