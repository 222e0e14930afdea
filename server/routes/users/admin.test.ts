import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MSG, type CreatedUser, type UserWithCount } from '../../../common/schemas/users';
import { auditLog, users } from '../../db/schema';
import { outboxDir } from '../../adapters/mail';
import { describeAdminOnly, type Endpoint } from '../../test/admin-only';
import { buildReport } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, signIn, type TestApp } from '../../test/helper';
import { startSmtpServer } from '../../test/smtp';
import { settleAfterReply } from '../../lib/after-reply';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://appa.example.com' });
  admin = await buildUser(t, { role: 'ADMIN' });
  asAdmin = await authHeader(t, admin);
});
afterAll(async () => {
  await t.close();
});

const ID = '00000000-0000-4000-8000-000000000000';
const ENDPOINTS = [
  ['GET', '/api/users', undefined],
  ['GET', '/api/users/with-counts', undefined],
  ['POST', '/api/users', { email: 'x@y.pe', fullName: 'X Y' }],
  ['POST', '/api/users/bulk-upload', { users: [{ email: 'x@y.pe', fullName: 'X Y' }] }],
  ['PATCH', `/api/users/${ID}`, { cargo: 'x' }],
  ['PUT', `/api/users/${ID}/status`, { status: 'SUSPENDIDO' }],
  ['PUT', `/api/users/${ID}/password`, {}],
] as const satisfies readonly Endpoint[];

/** The outbox once the mail queued by earlier requests went out. */
const outbox = async () => {
  await settleAfterReply();
  const dir = outboxDir(t.ctx.config);
  return fs.existsSync(dir)
    ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    : [];
};

const create = (payload: object, headers = asAdmin) =>
  t.app.inject({ method: 'POST', url: '/api/users', headers, payload });

describeAdminOnly(
  'user administration is for administrators only',
  () => t,
  ENDPOINTS,
  async () => {
    const [row] = await t.db.select().from(users).where(eq(users.email, 'x@y.pe'));
    expect(row).toBeUndefined();
  },
);

describe('POST /api/users', () => {
  it('creates the user with a temporary password shown once and e-mailed with the personal link', async () => {
    const res = await create({
      email: 'Lucia.Mendez@Empresa.pe',
      fullName: 'Lucía Méndez',
      cargo: 'Analista',
      role: 'LIDER',
      timezone: 'America/Bogota',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { user, temporaryPassword } = res.json<CreatedUser>();
    expect(user).toMatchObject({
      email: 'lucia.mendez@empresa.pe',
      username: 'lucia.mendez',
      slug: 'lucia-mendez',
      role: 'LIDER',
      cargo: 'Analista',
      timezone: 'America/Bogota',
      mustChangePassword: true,
    });
    expect(temporaryPassword).toHaveLength(14);
    expect(JSON.stringify(res.json())).not.toContain('argon2');
    const signedIn = await signIn(t, 'lucia.mendez', temporaryPassword ?? '');
    expect(signedIn.token).toBeTruthy();

    const mail = (await outbox()).find((m) => m.includes('To: lucia.mendez@empresa.pe'));
    expect(mail).toBeDefined();
    expect(mail).toContain('Subject: Tus credenciales de acceso al Sistema APPA');
    expect(mail).toContain('https://appa.example.com/appa/lucia-mendez');
    expect(mail).toContain(temporaryPassword);

    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(row).toMatchObject({ action: 'user.created', actorId: admin.id });
    expect(JSON.stringify(row?.meta)).not.toContain(temporaryPassword);
  });

  it('defaults the role to USER and the timezone to Lima', async () => {
    const res = await create({ email: 'nuevo@empresa.pe', fullName: 'Nuevo Usuario' });
    expect(res.json().user).toMatchObject({
      role: 'USER',
      timezone: 'America/Lima',
      managerId: null,
    });
  });

  it('refuses a duplicate e-mail in any case with a 409', async () => {
    await create({ email: 'dup@empresa.pe', fullName: 'Uno' });
    const res = await create({ email: 'DUP@empresa.pe', fullName: 'Dos' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: USER_MSG.emailTaken });
  });

  it('validates with Spanish messages and stores nothing', async () => {
    const cases: [object, string][] = [
      [{ fullName: 'Sin correo' }, USER_MSG.emailInvalid],
      [{ email: 'no-es-correo', fullName: 'X' }, USER_MSG.emailInvalid],
      [{ email: 'a@b.pe', fullName: '   ' }, USER_MSG.fullNameRequired],
      [{ email: 'a@b.pe', fullName: 'X', role: 'REY' }, USER_MSG.invalidRole],
      [{ email: 'a@b.pe', fullName: 'X', timezone: 'Europe/Madrid' }, USER_MSG.invalidTimezone],
      [{ email: 'a@b.pe', fullName: 'X', managerId: ID }, USER_MSG.managerNotFound],
    ];
    for (const [payload, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'a@b.pe'))).toHaveLength(0);
  });

  it('sends the credentials through a real SMTP server when SMTP_URL is set', async () => {
    const smtp = await startSmtpServer();
    const mailing = await buildTestApp({
      smtpUrl: smtp.url,
      mailFrom: 'APPA <appa@empresa.pe>',
      publicUrl: 'https://appa.empresa.pe',
    });
    const boss = await buildUser(mailing, { role: 'ADMIN' });
    const res = await mailing.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: await authHeader(mailing, boss),
      payload: { email: 'smtp@empresa.pe', fullName: 'Pedro Smtp' },
    });
    expect(res.statusCode).toBe(200);
    await mailing.close();
    await smtp.close();
    const { received } = smtp;
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('From: APPA <appa@empresa.pe>');
    expect(received[0]).toContain('Hola, Pedro Smtp:');
    expect(received[0]).toContain('https://appa.empresa.pe/appa/pedro-smtp');
    expect(received[0]).toContain(res.json().temporaryPassword);
    expect((await outbox()).join('')).not.toContain('smtp@empresa.pe');
  });
});

describe('PATCH /api/users/{id}', () => {
  it('updates the fields and the hierarchy, and audits what changed', async () => {
    const manager = await buildUser(t, { role: 'GERENTE' });
    const leader = await buildUser(t, { role: 'LIDER' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${leader.id}`,
      headers: asAdmin,
      payload: { managerId: manager.id, cargo: 'Líder de Ventas', unidadOrganizacional: 'Ventas' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      managerId: manager.id,
      cargo: 'Líder de Ventas',
      unidadOrganizacional: 'Ventas',
    });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.updated'));
    expect(row?.meta).toMatchObject({ changed: { cargo: { from: null, to: 'Líder de Ventas' } } });
  });

  it("refuses a manager loop, oneself as manager, and removing one's own admin role", async () => {
    const vp = await buildUser(t, { role: 'VP' });
    const gerente = await buildUser(t, { role: 'GERENTE', managerId: vp.id });
    const lider = await buildUser(t, { role: 'LIDER', managerId: gerente.id });
    const patch = (id: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: asAdmin, payload });
    expect((await patch(vp.id, { managerId: lider.id })).json()).toEqual({
      message: USER_MSG.managerLoop,
    });
    expect((await patch(vp.id, { managerId: vp.id })).json()).toEqual({
      message: USER_MSG.managerSelf,
    });
    expect((await patch(admin.id, { role: 'USER' })).json()).toEqual({
      message: USER_MSG.cannotDemoteSelf,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, vp.id));
    expect(row?.managerId).toBeNull();
  });

  it('answers 404 for an unknown user and 409 for a taken e-mail', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${ID}`,
      headers: asAdmin,
      payload: { cargo: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const taken = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${a.id}`,
      headers: asAdmin,
      payload: { email: b.email },
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('status and password', () => {
  it('suspending ends the sessions at once; reactivating lets the user back in', async () => {
    const user = await buildUser(t);
    const headers = await authHeader(t, user);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}/status`,
      headers: asAdmin,
      payload: { status: 'SUSPENDIDO' },
    });
    expect(res.json()).toMatchObject({
      message: USER_MSG.userSuspended,
      user: { status: 'SUSPENDIDO' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}/status`,
      headers: asAdmin,
      payload: { status: 'ACTIVO' },
    });
    expect((await signIn(t, user.username, user.plainPassword)).token).toBeTruthy();
  });

  it('refuses suspending oneself and an unknown status', async () => {
    const self = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.id}/status`,
      headers: asAdmin,
      payload: { status: 'SUSPENDIDO' },
    });
    expect(self.json()).toEqual({ message: USER_MSG.cannotSuspendSelf });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.id}/status`,
      headers: asAdmin,
      payload: { status: 'BORRADO' },
    });
    expect(bad.json()).toEqual({ message: USER_MSG.invalidStatus });
  });

  it('a password reset gives a new temporary password, forces the change and ends sessions', async () => {
    const user = await buildUser(t);
    const headers = await authHeader(t, user);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}/password`,
      headers: asAdmin,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const { temporaryPassword } = res.json();
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
    const again = await signIn(t, user.username, temporaryPassword);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${again.token}` },
    });
    expect(me.json().mustChangePassword).toBe(true);
  });
});

describe('GET /api/users/with-counts', () => {
  it('lists people in Spanish alphabetical order: á with a, ñ after n, any case', async () => {
    const tag = `orden${Date.now().toString(36)}`;
    for (const name of ['Zoe', 'óscar', 'Ñusta', 'Nora', 'Ana', 'Álvaro']) {
      await buildUser(t, { fullName: `${name} ${tag}` });
    }
    for (const url of ['/api/users', '/api/users/with-counts']) {
      const res = await t.app.inject({ method: 'GET', url, headers: asAdmin });
      const names = res
        .json<UserWithCount[]>()
        .map((u) => u.fullName)
        .filter((n) => n.endsWith(tag));
      expect(names).toEqual(
        ['Álvaro', 'Ana', 'Nora', 'Ñusta', 'óscar', 'Zoe'].map((n) => `${n} ${tag}`),
      );
    }
  });

  it('counts only sent APPAs', async () => {
    const author = await buildUser(t, { fullName: 'Autor Con Conteo' });
    await buildReport(t, { user: author, weekStart: '2026-11-02', status: 'ENVIADO' });
    await buildReport(t, { user: author, weekStart: '2026-11-09', status: 'ENVIADO' });
    await buildReport(t, { user: author, weekStart: '2026-11-16', status: 'BORRADOR' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/with-counts',
      headers: asAdmin,
    });
    const row = res.json<UserWithCount[]>().find((u) => u.id === author.id);
    expect(row?.submissionCount).toBe(2);
    const plain = await t.app.inject({ method: 'GET', url: '/api/users', headers: asAdmin });
    expect(plain.json()[0]).not.toHaveProperty('submissionCount');
    expect(plain.json()[0]).not.toHaveProperty('password');
  });
});
