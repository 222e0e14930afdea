import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { CurrentReport } from '../../../common/schemas/report';
import { DEFAULT_SETTINGS, SETTINGS_MSG, type Settings } from '../../../common/schemas/settings';
import { auditLog, settings as settingsTable } from '../../db/schema';
import { authHeader, buildTestApp, buildUser, signIn, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { role: 'ADMIN' });
  headers = await authHeader(t, admin);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(settingsTable);
});

const MB = 1024 * 1024;
const get = (h: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/settings', headers: h });
const put = (h: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers: h, payload: payload as object });

const settingsAudits = () =>
  t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.updated'));

describe('the settings calls are for administrators', () => {
  it.each(['GET', 'PUT'] as const)('%s /api/settings answers 401 signed out', async (method) => {
    const res = await t.app.inject({
      method,
      url: '/api/settings',
      payload: method === 'PUT' ? { maxFiles: 7 } : undefined,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
  });

  it.each(['CONSEJO', 'VP', 'GERENTE', 'LIDER', 'USER'] as const)(
    'a %s gets 403 on both, the refusal is audited and nothing is saved',
    async (role) => {
      const user = await buildUser(t, { role });
      const h = await authHeader(t, user);
      for (const res of [await get(h), await put(h, { maxFiles: 7 })]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: MSG.forbidden });
      }
      const refusals = await t.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
      const refused = refusals.filter((r) => r.action === 'security.permission_refused');
      expect(refused.map((r) => r.meta)).toEqual([
        { attempted: 'settings:manage' },
        { attempted: 'settings:manage' },
      ]);
      expect(await t.db.select().from(settingsTable)).toEqual([]);
    },
  );

  it('an administrator reads them', async () => {
    expect((await get(headers)).statusCode).toBe(200);
  });
});

describe('GET /api/settings', () => {
  it('answers every setting with its default', async () => {
    const res = await get(headers);
    expect(res.json()).toEqual({
      autoRemindersEnabled: true,
      reminderDay: 1,
      reminderTime: '08:00',
      mailFrom: null,
      deadlineTime: '10:00',
      organisationTimezone: 'America/Lima',
      maxFileBytes: 10 * MB,
      maxFiles: 5,
      allowLateSubmissions: true,
      sessionHours: 24,
      personalTokenDays: 90,
      magicLinksEnabled: true,
      registrationEnabled: false,
      registrationDomains: [],
      ssoOnly: false,
      ssoJitEnabled: false,
      ssoJitDomains: [],
    } satisfies Settings);
  });
});

describe('PUT /api/settings', () => {
  it('saves the given keys, keeps the others and answers the whole settings', async () => {
    const res = await put(headers, {
      maxFiles: 12,
      reminderTime: '07:30',
      mailFrom: ' APPA@Empresa.pe ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      ...DEFAULT_SETTINGS,
      maxFiles: 12,
      reminderTime: '07:30',
      mailFrom: 'appa@empresa.pe',
    };
    expect(res.json()).toEqual(expected);

    const second = await put(headers, { allowLateSubmissions: false, reminderDay: 5 });
    expect(second.json()).toEqual({ ...expected, allowLateSubmissions: false, reminderDay: 5 });
    expect((await get(headers)).json()).toEqual({
      ...expected,
      allowLateSubmissions: false,
      reminderDay: 5,
    });
  });

  it('stores the file size in bytes, from 1 to 100 MB', async () => {
    expect((await put(headers, { maxFileBytes: 25 * MB })).json()).toMatchObject({
      maxFileBytes: 25 * MB,
    });
    expect((await put(headers, { maxFileBytes: 1 * MB })).statusCode).toBe(200);
    expect((await put(headers, { maxFileBytes: 100 * MB })).statusCode).toBe(200);
  });

  it('lower-cases the registration domains, drops a leading @ and repeats', async () => {
    const res = await put(headers, {
      registrationEnabled: true,
      registrationDomains: ['Empresa.PE', '@empresa.pe', 'sub.otra.com'],
    });
    expect(res.json()).toMatchObject({
      registrationEnabled: true,
      registrationDomains: ['empresa.pe', 'sub.otra.com'],
    });
  });

  it('a null sender goes back to MAIL_FROM', async () => {
    await put(headers, { mailFrom: 'appa@empresa.pe' });
    expect((await put(headers, { mailFrom: null })).json()).toMatchObject({ mailFrom: null });
    expect((await get(headers)).json()).toMatchObject({ mailFrom: null });
  });

  it.each([
    ['maxFileBytes', MB - 1, SETTINGS_MSG.maxFileBytes],
    ['maxFileBytes', 100 * MB + 1, SETTINGS_MSG.maxFileBytes],
    ['maxFileBytes', '10', SETTINGS_MSG.maxFileBytes],
    ['maxFiles', 0, SETTINGS_MSG.maxFiles],
    ['maxFiles', 51, SETTINGS_MSG.maxFiles],
    ['maxFiles', 2.5, SETTINGS_MSG.maxFiles],
    ['sessionHours', 0, SETTINGS_MSG.sessionHours],
    ['sessionHours', 169, SETTINGS_MSG.sessionHours],
    ['personalTokenDays', 0, SETTINGS_MSG.personalTokenDays],
    ['personalTokenDays', 366, SETTINGS_MSG.personalTokenDays],
    ['personalTokenDays', 30.5, SETTINGS_MSG.personalTokenDays],
    ['reminderDay', 0, SETTINGS_MSG.reminderDay],
    ['reminderDay', 8, SETTINGS_MSG.reminderDay],
    ['reminderTime', '24:00', SETTINGS_MSG.reminderTime],
    ['reminderTime', '8:00', SETTINGS_MSG.reminderTime],
    ['deadlineTime', '10:60', SETTINGS_MSG.deadlineTime],
    ['mailFrom', 'no-es-correo', SETTINGS_MSG.mailFrom],
    ['organisationTimezone', 'Europe/Madrid', SETTINGS_MSG.timezone],
    ['autoRemindersEnabled', 'sí', SETTINGS_MSG.invalidBoolean('Recordatorios automáticos')],
    ['allowLateSubmissions', 1, SETTINGS_MSG.invalidBoolean('Permitir envíos tardíos')],
    ['registrationDomains', ['empresa'], SETTINGS_MSG.invalidDomain('empresa')],
    ['registrationDomains', ['a b.pe'], SETTINGS_MSG.invalidDomain('a b.pe')],
    ['registrationDomains', 'empresa.pe', SETTINGS_MSG.registrationDomains],
  ] as const)('refuses %s = %j with its message', async (key, value, message) => {
    const res = await put(headers, { [key]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await t.db.select().from(settingsTable)).toEqual([]);
  });

  it('saves nothing when one key of the body is wrong', async () => {
    const res = await put(headers, { maxFiles: 8, sessionHours: 500 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SETTINGS_MSG.sessionHours });
    expect((await get(headers)).json()).toEqual(DEFAULT_SETTINGS);
    expect(await t.db.select().from(settingsTable)).toEqual([]);
  });

  it('refuses an unknown key, and a body that is not an object', async () => {
    const res = await put(headers, { maxFiles: 8, requirePin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SETTINGS_MSG.unknownSetting('requirePin') });
    const list = await put(headers, [1, 2]);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ message: MSG.invalidInput });
    expect(await t.db.select().from(settingsTable)).toEqual([]);
  });

  it('refuses a null body in Spanish and saves nothing', async () => {
    const audited = (await settingsAudits()).length;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.invalidInput });
    expect(await t.db.select().from(settingsTable)).toEqual([]);
    expect(await settingsAudits()).toHaveLength(audited);
  });

  it('writes one audit row per change, naming each changed key', async () => {
    await t.db.delete(auditLog);
    await put(headers, { maxFiles: 9, sessionHours: 24, reminderTime: '09:15' });
    const rows = await settingsAudits();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, entity: 'settings' });
    // sessionHours was sent with its current value: not a change.
    expect(rows[0]?.meta).toEqual({
      changed: {
        maxFiles: { from: 5, to: 9 },
        reminderTime: { from: '08:00', to: '09:15' },
      },
    });
    // Nothing changed, nothing audited.
    await put(headers, { maxFiles: 9 });
    expect(await settingsAudits()).toHaveLength(1);
  });

  it('a saved file limit reaches the report form', async () => {
    await put(headers, { maxFiles: 7, maxFileBytes: 20 * MB });
    const author = await buildUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/appa/current',
      headers: await authHeader(t, author),
    });
    expect(res.json<CurrentReport>().limits).toEqual({ maxFiles: 7, maxFileBytes: 20 * MB });
  });

  it('a saved session duration applies to the next sign-in', async () => {
    await put(headers, { sessionHours: 3 });
    const user = await buildUser(t);
    const { token } = await signIn(t, user.username, user.plainPassword);
    const h = { authorization: `Bearer ${token}` };
    // Used every 89 minutes, so the 2-hour idle expiry never applies; the 3 hours do.
    for (let i = 0; i < 2; i++) {
      t.clock.advance(89 * 60_000);
      expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: h })).statusCode).toBe(
        200,
      );
    }
    t.clock.advance(3 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: h })).statusCode).toBe(
      401,
    );
  });
});
