import fs from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_MAX_ROWS,
  BULK_MSG,
  USER_MSG,
  type BulkUploadResult,
} from '../../../common/schemas/users';
import { auditLog, users } from '../../db/schema';
import { outboxDir } from '../../adapters/mail';
import { verifyPassword } from '../../services/passwords';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
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

const upload = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/bulk-upload',
    headers: asAdmin,
    payload: payload as object,
  });

const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;

describe('POST /api/users/bulk-upload', () => {
  it('creates each new person with their own temporary password, e-mailed with the personal link', async () => {
    const res = await upload({
      users: [
        {
          fullName: 'Ana Núñez',
          email: 'Ana.Nunez@Empresa.pe',
          cargo: 'Jefa, Ventas',
          role: 'Líder',
        },
        {
          fullName: 'Beto Peña',
          email: 'beto@empresa.pe',
          role: 'gerente',
          unidadOrganizacional: 'Norte',
        },
        { fullName: 'Carla Ruiz', email: 'carla@empresa.pe' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BulkUploadResult>();
    expect(body.message).toBe('3 usuarios creados, 0 omitidos por existir, 0 rechazados');
    expect(body.created.map((c) => [c.index, c.user.email, c.user.role])).toEqual([
      [0, 'ana.nunez@empresa.pe', 'LIDER'],
      [1, 'beto@empresa.pe', 'GERENTE'],
      [2, 'carla@empresa.pe', 'USER'],
    ]);
    expect(body.created[0]?.user).toMatchObject({
      fullName: 'Ana Núñez',
      cargo: 'Jefa, Ventas',
      slug: 'ana-nunez',
      mustChangePassword: true,
      timezone: 'America/Lima',
    });
    expect(body.created[1]?.user.unidadOrganizacional).toBe('Norte');
    const passwords = body.created.map((c) => c.temporaryPassword);
    expect(new Set(passwords).size).toBe(3);

    const [ana] = await t.db.select().from(users).where(eq(users.email, 'ana.nunez@empresa.pe'));
    const [anaPassword] = passwords;
    if (!ana || !anaPassword) throw new Error('Ana was not created');
    expect(await verifyPassword(ana.password, anaPassword)).toBe(true);
    // The temporary password works, and the change is forced.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: ana.username, password: anaPassword },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json<{ mustChangePassword: boolean }>().mustChangePassword).toBe(true);

    await settleAfterReply();
    const mails = fs
      .readdirSync(outboxDir(t.ctx.config))
      .map((f) => fs.readFileSync(`${outboxDir(t.ctx.config)}/${f}`, 'utf8'));
    const anaMail = mails.find((m) => m.includes('To: ana.nunez@empresa.pe'));
    expect(anaMail).toContain('https://appa.example.com/appa/ana-nunez');
    expect(anaMail).toContain(passwords[0]);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.bulk_uploaded'));
    expect(audits.at(-1)?.meta).toEqual({ rows: 3, created: 3, skipped: 0, refused: 0 });
    expect(JSON.stringify(audits)).not.toContain(passwords[0]);
  });

  it('skips existing e-mails and repeats, refuses bad rows with the reason, and creates the rest', async () => {
    await buildUser(t, { email: 'existe@empresa.pe' });
    const before = await userCount();
    const res = await upload({
      users: [
        { fullName: 'Existe Ya', email: 'EXISTE@empresa.pe' },
        { fullName: 'Sin Correo' },
        { fullName: 'Correo Malo', email: 'no-es-correo' },
        { email: 'sin-nombre@empresa.pe' },
        { fullName: 'Rol Raro', email: 'rol@empresa.pe', role: 'Jefe supremo' },
        'no soy un objeto',
        { fullName: 'Nueva Persona', email: 'nueva@empresa.pe' },
        { fullName: 'Nueva Otra Vez', email: 'Nueva@Empresa.pe' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BulkUploadResult>();
    expect(body.created.map((c) => c.user.email)).toEqual(['nueva@empresa.pe']);
    expect(body.skipped).toEqual([
      { index: 0, email: 'existe@empresa.pe', reason: USER_MSG.emailTaken },
      { index: 7, email: 'nueva@empresa.pe', reason: BULK_MSG.duplicateInBatch },
    ]);
    expect(body.refused).toEqual([
      { index: 1, email: null, reason: BULK_MSG.emailRequired },
      { index: 2, email: 'no-es-correo', reason: USER_MSG.emailInvalid },
      { index: 3, email: 'sin-nombre@empresa.pe', reason: USER_MSG.fullNameRequired },
      { index: 4, email: 'rol@empresa.pe', reason: BULK_MSG.invalidRole },
      { index: 5, email: null, reason: BULK_MSG.rowNotObject },
    ]);
    expect(body.message).toBe('1 usuario creado, 2 omitidos por existir, 5 rechazados');
    expect(await userCount()).toBe(before + 1);
  });

  it('answers the spec message and changes nothing when no row is valid or the body is wrong', async () => {
    const before = await userCount();
    for (const payload of [
      { users: [] },
      { users: [{ fullName: 'Solo Nombre' }, { email: 'solo@correo.pe' }] },
    ]) {
      const res = await upload(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: BULK_MSG.noValidUsers });
    }
    for (const payload of [{}, { users: 'ana@empresa.pe' }, [{ email: 'a@b.pe', fullName: 'A' }]]) {
      const res = await upload(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/[a-záéíóúñ]/i);
    }
    const tooMany = await upload({
      users: Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => ({
        email: `x${i}@y.pe`,
        fullName: `X ${i}`,
      })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: BULK_MSG.tooManyRows });
    expect(await userCount()).toBe(before);
  });

  it('gives people with the same name distinct usernames and personal links', async () => {
    const res = await upload({
      users: [
        { fullName: 'José Pérez', email: 'jose@norte.pe' },
        { fullName: 'José Pérez', email: 'jose@sur.pe' },
      ],
    });
    const { created } = res.json<BulkUploadResult>();
    expect(created.map((c) => c.user.slug)).toEqual(['jose-perez', 'jose-perez-2']);
    expect(new Set(created.map((c) => c.user.username)).size).toBe(2);
  });

  it(`imports ${BULK_MAX_ROWS} rows in one request`, async () => {
    const rows = Array.from({ length: BULK_MAX_ROWS }, (_, i) => ({
      fullName: `Persona Masiva ${i}`,
      email: `masiva${i}@empresa.pe`,
      cargo: 'Analista',
    }));
    const res = await upload({ users: rows });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BulkUploadResult>();
    expect(body.created).toHaveLength(BULK_MAX_ROWS);
    const stored = await t.db
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.email,
          rows.map((r) => r.email),
        ),
      );
    expect(stored).toHaveLength(BULK_MAX_ROWS);
  }, 120_000);
});

describe('POST /api/users/bulk-upload: role, area and manager of each row', () => {
  const managerOf = async (email: string) => {
    const [row] = await t.db
      .select({ managerId: users.managerId })
      .from(users)
      .where(eq(users.email, email));
    return row?.managerId;
  };

  it('places each person under a manager named by e-mail or user name, existing or in the file', async () => {
    const vp = await buildUser(t, { role: 'VP', email: 'vp.norte@empresa.pe' });
    const res = await upload({
      users: [
        // A row further down manages this one: it is created first all the same.
        {
          fullName: 'Lía Líder',
          email: 'lia@empresa.pe',
          role: 'Líder',
          manager: 'Gus@Empresa.pe',
        },
        {
          fullName: 'Gus Gerente',
          email: 'gus@empresa.pe',
          role: 'gerente',
          unidadOrganizacional: 'Norte',
          manager: 'VP.Norte@empresa.pe',
        },
        { fullName: 'Uma Usuaria', email: 'uma@empresa.pe', manager: vp.username },
        { fullName: 'Ulises Usuario', email: 'ulises@empresa.pe', manager: 'lia@empresa.pe' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BulkUploadResult>();
    expect(body.refused).toEqual([]);
    expect(body.created.map((c) => [c.index, c.user.email, c.user.role])).toEqual([
      [0, 'lia@empresa.pe', 'LIDER'],
      [1, 'gus@empresa.pe', 'GERENTE'],
      [2, 'uma@empresa.pe', 'USER'],
      [3, 'ulises@empresa.pe', 'USER'],
    ]);
    const gus = body.created[1]?.user;
    const lia = body.created[0]?.user;
    expect(gus).toMatchObject({ managerId: vp.id, unidadOrganizacional: 'Norte' });
    expect(lia?.managerId).toBe(gus?.id);
    expect(await managerOf('uma@empresa.pe')).toBe(vp.id);
    expect(await managerOf('ulises@empresa.pe')).toBe(lia?.id);
  });

  it('refuses a row whose manager is unknown, suspended, itself or in a loop, or whose role is not one', async () => {
    const gone = await buildUser(t, { role: 'GERENTE', status: 'SUSPENDIDO' });
    const before = await userCount();
    const res = await upload({
      users: [
        { fullName: 'Sin Jefe', email: 'sinjefe@empresa.pe', manager: 'nadie@empresa.pe' },
        { fullName: 'Jefe Suspendido', email: 'susp@empresa.pe', manager: gone.email },
        { fullName: 'Su Propio Jefe', email: 'propio@empresa.pe', manager: 'propio@empresa.pe' },
        { fullName: 'Ciclo A', email: 'ciclo.a@empresa.pe', manager: 'ciclo.b@empresa.pe' },
        { fullName: 'Ciclo B', email: 'ciclo.b@empresa.pe', manager: 'ciclo.a@empresa.pe' },
        { fullName: 'Bajo el Ciclo', email: 'bajo@empresa.pe', manager: 'ciclo.a@empresa.pe' },
        { fullName: 'Rol Raro', email: 'raro@empresa.pe', role: 'Director' },
        { fullName: 'Bajo Rol Raro', email: 'bajoraro@empresa.pe', manager: 'raro@empresa.pe' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BulkUploadResult>();
    expect(body.created).toEqual([]);
    expect(body.refused).toEqual([
      { index: 0, email: 'sinjefe@empresa.pe', reason: USER_MSG.managerNotFound },
      { index: 1, email: 'susp@empresa.pe', reason: BULK_MSG.managerSuspended },
      { index: 2, email: 'propio@empresa.pe', reason: USER_MSG.managerSelf },
      { index: 3, email: 'ciclo.a@empresa.pe', reason: USER_MSG.managerLoop },
      { index: 4, email: 'ciclo.b@empresa.pe', reason: USER_MSG.managerLoop },
      { index: 5, email: 'bajo@empresa.pe', reason: BULK_MSG.managerNotImported },
      { index: 6, email: 'raro@empresa.pe', reason: BULK_MSG.invalidRole },
      // The manager's row was refused, so nobody by that e-mail exists.
      { index: 7, email: 'bajoraro@empresa.pe', reason: USER_MSG.managerNotFound },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('is for administrators only', async () => {
    const gerente = await buildUser(t, { role: 'GERENTE' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-upload',
      headers: await authHeader(t, gerente),
      payload: { users: [{ fullName: 'Intrusa', email: 'intrusa@empresa.pe', role: 'ADMIN' }] },
    });
    expect(res.statusCode).toBe(403);
    expect(await managerOf('intrusa@empresa.pe')).toBeUndefined();
  });
});
