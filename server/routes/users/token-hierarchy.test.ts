import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MSG, HIERARCHY_SCOPE } from '../../../common/schemas/api-tokens';
import type { Role } from '../../../common/roles';
import { auditLog, users } from '../../db/schema';
import { settleAfterReply } from '../../lib/after-reply';
import { buildReport } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, signIn, type TestApp } from '../../test/helper';
import { mailsTo } from '../../test/outbox';

/**
 * A token that creates or changes people must not hand anyone a reading right it does not name:
 * `users:write` manages people in the Usuario role and the fields that decide nothing about who
 * reads whom; roles, managers and the reactivation of someone with a reading role need
 * `people:admin`, a scope only service tokens carry.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { role: 'ADMIN' });
  adminHeaders = await authHeader(t, admin);
});
afterAll(async () => {
  await t.close();
});

async function serviceToken(scopes: string[]): Promise<Record<string, string>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: adminHeaders,
    payload: { name: `Servicio ${scopes.join(' ')}`, kind: 'SERVICE', scopes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json<{ token: string }>().token}` };
}

const send = (
  headers: Record<string, string>,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: object,
) => t.app.inject({ method, url, headers, payload });

/** The temporary password e-mailed to `email`, as its holder would read it in their mailbox. */
async function mailedPassword(email: string): Promise<string> {
  await settleAfterReply();
  const mail = mailsTo(t, email).at(-1) ?? '';
  const password = /Contrase(?:ñ|=C3=B1)a temporal:?\s*([A-Za-z0-9]{14})/.exec(mail)?.[1];
  if (!password) throw new Error(`no temporary password was mailed to ${email}`);
  return password;
}

/** Signs in with the mailed password, changes it as the first sign-in requires, answers headers. */
async function signInAsMailed(username: string, email: string) {
  const temporary = await mailedPassword(email);
  const first = await signIn(t, username, temporary);
  const change = await t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: { authorization: `Bearer ${first.token}` },
    payload: { currentPassword: temporary, newPassword: 'Una-clave-propia-2026' },
  });
  expect(change.statusCode, change.body).toBe(200);
  return authHeader(t, { username, plainPassword: 'Una-clave-propia-2026' });
}

async function roleOf(id: string) {
  const [row] = await t.db
    .select({ role: users.role, managerId: users.managerId, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

describe('a users:write token and the hierarchy', () => {
  it('cannot create a board member with a mailbox its holder controls; people:admin can, and that person then reads reports', async () => {
    const author = await buildUser(t);
    const report = await buildReport(t, { user: author, status: 'ENVIADO' });
    const hr = await serviceToken(['users:write']);
    const body = { email: 'buzon.propio@fuera.test', fullName: 'Consejera Falsa', role: 'CONSEJO' };

    const refused = await send(hr, 'POST', '/api/users', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: API_TOKEN_MSG.roleNeedsHierarchyScope });
    expect(refused.json<{ message: string }>().message).toContain(HIERARCHY_SCOPE);
    const [nobody] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(nobody).toBeUndefined();
    await settleAfterReply();
    expect(mailsTo(t, body.email)).toEqual([]);
    const [audited] = await t.db
      .select({ meta: auditLog.meta })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'security.permission_refused'), eq(auditLog.entity, 'api_token')),
      );
    expect(audited?.meta).toMatchObject({ reason: API_TOKEN_MSG.roleNeedsHierarchyScope });

    // The scope that names the right does what the attacker did, on purpose.
    const hierarchy = await serviceToken(['users:write', HIERARCHY_SCOPE]);
    const created = await send(hierarchy, 'POST', '/api/users', body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ temporaryPassword: null, user: { role: 'CONSEJO' } });
    const asBoard = await signInAsMailed('buzon.propio', body.email);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/appa/${report.id}`,
      headers: asBoard,
    });
    expect(read.statusCode, read.body).toBe(200);
  });

  it.each<Role>(['CONSEJO', 'VP', 'GERENTE', 'LIDER'])(
    'cannot promote someone to %s, nor create one',
    async (role) => {
      const hr = await serviceToken(['users:write']);
      const mine = await buildUser(t);
      const promote = await send(hr, 'PATCH', `/api/users/${mine.id}`, { role });
      expect(promote.statusCode).toBe(403);
      expect(promote.json()).toEqual({ message: API_TOKEN_MSG.roleNeedsHierarchyScope });
      expect((await roleOf(mine.id))?.role).toBe('USER');
      const bulk = await send(hr, 'POST', '/api/users/bulk-upload', {
        users: [
          { email: `fila.${role.toLowerCase()}@example.com`, fullName: 'Fila Uno' },
          { email: `otra.${role.toLowerCase()}@example.com`, fullName: 'Fila Dos', role },
        ],
      });
      expect(bulk.statusCode).toBe(403);
      expect(bulk.json()).toEqual({ message: API_TOKEN_MSG.roleNeedsHierarchyScope });
      // All or nothing: the harmless row was not created either.
      const [row] = await t.db
        .select()
        .from(users)
        .where(eq(users.email, `fila.${role.toLowerCase()}@example.com`));
      expect(row).toBeUndefined();

      const allowed = await send(
        await serviceToken(['users:write', HIERARCHY_SCOPE]),
        'PATCH',
        `/api/users/${mine.id}`,
        { role },
      );
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect((await roleOf(mine.id))?.role).toBe(role);
    },
  );

  it('cannot demote either: a role is the hierarchy, whichever way it moves', async () => {
    const hr = await serviceToken(['users:write']);
    const manager = await buildUser(t, { role: 'GERENTE' });
    const res = await send(hr, 'PATCH', `/api/users/${manager.id}`, { role: 'USER' });
    expect(res.statusCode).toBe(403);
    expect((await roleOf(manager.id))?.role).toBe('GERENTE');
    // Restating the role a person has changes nothing and is allowed.
    const same = await send(hr, 'PATCH', `/api/users/${manager.id}`, {
      role: 'GERENTE',
      cargo: 'Gerente de Ventas',
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('cannot move people under someone, nor create them under someone', async () => {
    const hr = await serviceToken(['users:write']);
    const holders = await buildUser(t, { role: 'GERENTE' });
    const victim = await buildUser(t);
    const move = await send(hr, 'PATCH', `/api/users/${victim.id}`, { managerId: holders.id });
    expect(move.statusCode).toBe(403);
    expect(move.json()).toEqual({ message: API_TOKEN_MSG.managerNeedsHierarchyScope });
    expect((await roleOf(victim.id))?.managerId).toBeNull();

    const placed = await send(hr, 'POST', '/api/users', {
      email: 'nueva.bajo@example.com',
      fullName: 'Nueva Bajo Alguien',
      managerId: holders.id,
    });
    expect(placed.statusCode).toBe(403);
    expect(placed.json()).toEqual({ message: API_TOKEN_MSG.managerNeedsHierarchyScope });
    const bulk = await send(hr, 'POST', '/api/users/bulk-upload', {
      users: [{ email: 'bulk.bajo@example.com', fullName: 'Bulk Bajo', manager: holders.email }],
    });
    expect(bulk.statusCode).toBe(403);
    expect(bulk.json()).toEqual({ message: API_TOKEN_MSG.managerNeedsHierarchyScope });

    const hierarchy = await serviceToken(['users:write', HIERARCHY_SCOPE]);
    const allowed = await send(hierarchy, 'PATCH', `/api/users/${victim.id}`, {
      managerId: holders.id,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await roleOf(victim.id))?.managerId).toBe(holders.id);
    // Taking someone out from under their manager is a change of who reads them, too.
    const out = await send(hr, 'PATCH', `/api/users/${victim.id}`, { managerId: null });
    expect(out.statusCode).toBe(403);
  });

  it('cannot reactivate someone whose role reads others, but suspends anyone and reactivates a Usuario', async () => {
    const hr = await serviceToken(['users:write']);
    const vp = await buildUser(t, { role: 'VP', status: 'SUSPENDIDO' });
    const refused = await send(hr, 'PUT', `/api/users/${vp.id}/status`, { status: 'ACTIVO' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: API_TOKEN_MSG.reactivationNeedsHierarchyScope });
    expect((await roleOf(vp.id))?.status).toBe('SUSPENDIDO');

    const leader = await buildUser(t, { role: 'LIDER' });
    const suspend = await send(hr, 'PUT', `/api/users/${leader.id}/status`, {
      status: 'SUSPENDIDO',
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const person = await buildUser(t, { status: 'SUSPENDIDO' });
    const back = await send(hr, 'PUT', `/api/users/${person.id}/status`, { status: 'ACTIVO' });
    expect(back.statusCode, back.body).toBe(200);

    // A Usuario with people under them reads those people's reports, whatever their role says.
    const boss = await buildUser(t, { status: 'SUSPENDIDO' });
    await buildUser(t, { managerId: boss.id });
    const bossBack = await send(hr, 'PUT', `/api/users/${boss.id}/status`, { status: 'ACTIVO' });
    expect(bossBack.statusCode).toBe(403);
    expect(bossBack.json()).toEqual({ message: API_TOKEN_MSG.reactivationNeedsHierarchyScope });
    expect((await roleOf(boss.id))?.status).toBe('SUSPENDIDO');

    const hierarchy = await serviceToken(['users:write', HIERARCHY_SCOPE]);
    const allowed = await send(hierarchy, 'PUT', `/api/users/${vp.id}/status`, {
      status: 'ACTIVO',
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('still creates people in the Usuario role and edits anyone’s other fields, which is what an HR sync needs', async () => {
    const hr = await serviceToken(['users:write']);
    const created = await send(hr, 'POST', '/api/users', {
      email: 'alta.normal@example.com',
      fullName: 'Alta Normal',
      cargo: 'Analista',
      unidadOrganizacional: 'Finanzas',
    });
    expect(created.statusCode, created.body).toBe(200);
    const bulk = await send(hr, 'POST', '/api/users/bulk-upload', {
      users: [{ email: 'alta.bulk@example.com', fullName: 'Alta Bulk', role: 'Usuario' }],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json<{ created: unknown[] }>().created).toHaveLength(1);
    const vp = await buildUser(t, { role: 'VP' });
    const edit = await send(hr, 'PATCH', `/api/users/${vp.id}`, {
      fullName: 'Nombre Corregido',
      cargo: 'VP Comercial',
      unidadOrganizacional: 'Comercial',
      timezone: 'America/Bogota',
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('people:admin is for service tokens only, and never reaches administrators', async () => {
    const personal = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: adminHeaders,
      payload: { name: 'Mío', kind: 'PERSONAL', scopes: ['users:write', HIERARCHY_SCOPE] },
    });
    expect(personal.statusCode).toBe(400);
    expect(personal.json()).toEqual({ message: API_TOKEN_MSG.serviceOnlyScope });
    const alone = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: adminHeaders,
      payload: {
        name: 'Solo jerarquía',
        kind: 'SERVICE',
        scopes: ['reports:read', HIERARCHY_SCOPE],
      },
    });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toEqual({ message: API_TOKEN_MSG.hierarchyNeedsUsersWrite });

    const hierarchy = await serviceToken(['users:write', HIERARCHY_SCOPE]);
    const person = await buildUser(t);
    const res = await send(hierarchy, 'PATCH', `/api/users/${person.id}`, { role: 'ADMIN' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: API_TOKEN_MSG.administratorsNeedSession });
  });

  it('a session is not bound by any of it', async () => {
    const person = await buildUser(t);
    const manager = await buildUser(t, { role: 'GERENTE' });
    const res = await send(adminHeaders, 'PATCH', `/api/users/${person.id}`, {
      role: 'LIDER',
      managerId: manager.id,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the API document names people:admin beside users:write on the four routes that need it', async () => {
    const doc = (
      await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: adminHeaders })
    ).json<{ paths: Record<string, Record<string, { security?: { apiToken?: string[] }[] }>> }>();
    const tokenScopes = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.security ?? []).flatMap((s) => s.apiToken ?? []);
    for (const [path, method] of [
      ['/api/users', 'post'],
      ['/api/users/bulk-upload', 'post'],
      ['/api/users/{id}', 'patch'],
      ['/api/users/{id}/status', 'put'],
    ] as const) {
      expect(tokenScopes(path, method)).toEqual(['users:write', 'users:write', HIERARCHY_SCOPE]);
    }
    expect(tokenScopes('/api/users', 'get')).toEqual(['users:read']);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs', headers: adminHeaders });
    expect(page.body).toContain('requiere además <code>people:admin</code>');
  });
});
