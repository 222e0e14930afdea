import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { AUDIT_MSG, type AuditLogResponse } from '../../../common/schemas/audit';
import { auditLog } from '../../db/schema';
import { authHeader, buildTestApp, buildUser, signIn, type TestApp } from '../../test/helper';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  headers = await authHeader(t, await buildUser(t, { role: 'ADMIN' }));
});
afterAll(async () => {
  await t.close();
});

const list = (query: Record<string, string | number> = {}, h = headers) =>
  t.app.inject({
    method: 'GET',
    url: '/api/audit-log',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: h,
  });

const entries = async (query: Record<string, string | number>) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogResponse>();
};

/** Rows of an entity of their own, so that each test sees only what it wrote. */
async function seed(rows: { action?: string; actorId?: string | null; at: string }[]) {
  const entity = `prueba-${randomUUID()}`;
  const inserted = await t.db
    .insert(auditLog)
    .values(
      rows.map((r) => ({
        action: r.action ?? 'test.event',
        entity,
        actorId: r.actorId ?? null,
        createdAt: new Date(r.at),
        meta: { at: r.at },
      })),
    )
    .returning();
  return { entity, inserted };
}

describe('the audit log is for administrators', () => {
  it('answers 401 signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/audit-log' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
  });

  it.each(['CONSEJO', 'VP', 'GERENTE', 'LIDER', 'USER'] as const)(
    'a %s gets 403 and the refusal is audited',
    async (role) => {
      const user = await buildUser(t, { role });
      const res = await list({}, await authHeader(t, user));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
      const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
      expect(rows.filter((r) => r.action === 'security.permission_refused')).toMatchObject([
        { entity: 'admin', meta: { attempted: 'audit:read' } },
      ]);
    },
  );

  it('an administrator reads it, newest first, in UTC, with the actor', async () => {
    const actor = await buildUser(t, { fullName: 'Ana Auditada' });
    const { entity, inserted } = await seed([
      { at: '2026-11-10T12:00:00.000Z', actorId: actor.id },
      { at: '2026-11-11T12:00:00.000Z' },
    ]);
    const body = await entries({ entity });
    expect(body).toEqual({
      entries: [
        {
          id: inserted[1]?.id,
          createdAt: '2026-11-11T12:00:00.000Z',
          action: 'test.event',
          entity,
          entityId: null,
          actor: null,
          meta: { at: '2026-11-11T12:00:00.000Z' },
        },
        {
          id: inserted[0]?.id,
          createdAt: '2026-11-10T12:00:00.000Z',
          action: 'test.event',
          entity,
          entityId: null,
          actor: { id: actor.id, fullName: 'Ana Auditada' },
          meta: { at: '2026-11-10T12:00:00.000Z' },
        },
      ],
      nextBefore: null,
    });
  });
});

describe('GET /api/audit-log filters', () => {
  it('by action prefix, taken literally', async () => {
    const { entity } = await seed([
      { action: 'auth.login', at: '2026-11-01T10:00:00Z' },
      { action: 'auth.logout', at: '2026-11-01T11:00:00Z' },
      { action: 'authx.other', at: '2026-11-01T12:00:00Z' },
      { action: 'security.permission_refused', at: '2026-11-01T13:00:00Z' },
      { action: 'security.permissionXrefused', at: '2026-11-01T14:00:00Z' },
    ]);
    const actions = async (action: string) =>
      (await entries({ entity, action })).entries.map((e) => e.action);
    expect(await actions('auth.')).toEqual(['auth.logout', 'auth.login']);
    expect(await actions('security.permission_')).toEqual(['security.permission_refused']);
    expect(await actions('nada.')).toEqual([]);
  });

  it('by one action: a whole code is that action alone', async () => {
    const { entity } = await seed([
      { action: 'auth.login', at: '2026-11-01T10:00:00Z' },
      { action: 'auth.login_failed', at: '2026-11-01T11:00:00Z' },
      { action: 'auth.login_refused', at: '2026-11-01T12:00:00Z' },
    ]);
    const actions = async (action: string) =>
      (await entries({ entity, action })).entries.map((e) => e.action);
    expect(await actions('auth.login')).toEqual(['auth.login']);
    expect(await actions('auth.login_')).toEqual(['auth.login_refused', 'auth.login_failed']);
  });

  it('by actor', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const { entity } = await seed([
      { actorId: a.id, at: '2026-11-02T10:00:00Z' },
      { actorId: b.id, at: '2026-11-02T11:00:00Z' },
      { actorId: a.id, at: '2026-11-02T12:00:00Z' },
    ]);
    const found = await entries({ entity, actorId: a.id });
    expect(found.entries.map((e) => e.createdAt)).toEqual([
      '2026-11-02T12:00:00.000Z',
      '2026-11-02T10:00:00.000Z',
    ]);
  });

  it("by date range: a date is a whole day in the organisation's time zone, a date-time is exact", async () => {
    // Lima (the default time zone) is UTC-5: 01/03/2026 runs from 05:00 UTC to 05:00 UTC the next day.
    const { entity } = await seed([
      { at: '2026-03-01T04:59:59.999Z' },
      { at: '2026-03-01T05:00:00.000Z' },
      { at: '2026-03-02T04:59:59.999Z' },
      { at: '2026-03-02T05:00:00.000Z' },
    ]);
    const times = async (query: Record<string, string>) =>
      (await entries({ entity, ...query })).entries.map((e) => e.createdAt);
    const wholeDay = ['2026-03-02T04:59:59.999Z', '2026-03-01T05:00:00.000Z'];
    expect(await times({ from: '01/03/2026', to: '01/03/2026' })).toEqual(wholeDay);
    expect(await times({ from: '2026-03-01', to: '2026-03-01' })).toEqual(wholeDay);
    expect(await times({ to: '28/02/2026' })).toEqual(['2026-03-01T04:59:59.999Z']);
    expect(await times({ from: '2/3/2026' })).toEqual(['2026-03-02T05:00:00.000Z']);
    expect(await times({ from: '2026-03-02T04:59:59.999Z' })).toEqual([
      '2026-03-02T05:00:00.000Z',
      '2026-03-02T04:59:59.999Z',
    ]);
    // An offset is converted: 23:59:59.999 in Lima is 04:59:59.999 UTC the next day.
    expect(await times({ to: '2026-02-28T23:59:59.999-05:00' })).toEqual([
      '2026-03-01T04:59:59.999Z',
    ]);
  });

  it('reads the dates in the time zone the organisation sets', async () => {
    const { entity } = await seed([
      { at: '2026-03-01T05:30:00.000Z' },
      { at: '2026-03-01T06:30:00.000Z' },
    ]);
    const setZone = (organisationTimezone: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers,
        payload: { organisationTimezone },
      });
    // Mexico City is UTC-6: 05:30 UTC is still 28/02 there.
    expect((await setZone('America/Mexico_City')).statusCode).toBe(200);
    try {
      const res = await entries({ entity, from: '01/03/2026', to: '01/03/2026' });
      expect(res.entries.map((e) => e.createdAt)).toEqual(['2026-03-01T06:30:00.000Z']);
    } finally {
      expect((await setZone('America/Lima')).statusCode).toBe(200);
    }
  });
});

describe('GET /api/audit-log pages', () => {
  it('follows nextBefore to the end, without repeating or skipping rows of the same instant', async () => {
    const { entity } = await seed([
      { at: '2026-11-05T10:00:00Z' },
      { at: '2026-11-05T11:00:00Z' },
      { at: '2026-11-05T11:00:00Z' },
      { at: '2026-11-05T11:00:00Z' },
      { at: '2026-11-05T12:00:00Z' },
    ]);
    const all = (await entries({ entity })).entries.map((e) => e.id);
    expect(all).toHaveLength(5);

    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const page: AuditLogResponse = await entries({
        entity,
        limit: 2,
        ...(before ? { before } : {}),
      });
      seen.push(...page.entries.map((e) => e.id));
      before = page.nextBefore;
      pages += 1;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(all);
  });

  it('takes any ISO instant as before', async () => {
    const { entity } = await seed([
      { at: '2026-11-06T10:00:00Z' },
      { at: '2026-11-06T11:00:00Z' },
      { at: '2026-11-06T12:00:00Z' },
    ]);
    const found = await entries({ entity, before: '2026-11-06T12:00:00Z' });
    expect(found.entries.map((e) => e.createdAt)).toEqual([
      '2026-11-06T11:00:00.000Z',
      '2026-11-06T10:00:00.000Z',
    ]);
  });

  it('answers 50 rows unless told, at most 200', async () => {
    const rows = Array.from({ length: 205 }, (_, i) => ({
      at: new Date(Date.UTC(2026, 10, 7) + i * 1000).toISOString(),
    }));
    const { entity } = await seed(rows);
    const first = await entries({ entity });
    expect(first.entries).toHaveLength(50);
    expect(first.nextBefore).not.toBeNull();
    expect((await entries({ entity, limit: 1 })).entries).toHaveLength(1);
    const most = await entries({ entity, limit: 200 });
    expect(most.entries).toHaveLength(200);
    expect(
      (await entries({ entity, limit: 200, before: most.nextBefore ?? '' })).entries,
    ).toHaveLength(5);
  });

  it.each([
    [{ limit: 0 }, AUDIT_MSG.invalidLimit],
    [{ limit: 201 }, AUDIT_MSG.invalidLimit],
    [{ limit: 'muchos' }, AUDIT_MSG.invalidLimit],
    [{ limit: 2.5 }, AUDIT_MSG.invalidLimit],
    [{ actorId: 'juan' }, AUDIT_MSG.invalidActor],
    [{ from: 'ayer' }, AUDIT_MSG.invalidFrom],
    [{ from: '2026-13-01' }, AUDIT_MSG.invalidFrom],
    [{ to: '2026-11-01T25:00:00Z' }, AUDIT_MSG.invalidTo],
    [{ from: '31/02/2026' }, AUDIT_MSG.invalidFrom],
    [{ to: '2026/11/01' }, AUDIT_MSG.invalidTo],
    [{ from: '2026-11-05', to: '2026-11-04' }, AUDIT_MSG.rangeInverted],
    [{ from: '05/11/2026', to: '04/11/2026' }, AUDIT_MSG.rangeInverted],
    [{ before: 'ayer' }, AUDIT_MSG.invalidCursor],
    [{ before: '2026-11-05T10:00:00.000000Z~no-es-uuid' }, AUDIT_MSG.invalidCursor],
    [{ action: '' }, AUDIT_MSG.invalidAction],
    [{ action: 'a'.repeat(101) }, AUDIT_MSG.invalidAction],
    [{ orden: 'asc' }, AUDIT_MSG.unknownFilter('orden')],
  ])('refuses %j with a Spanish message', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('the audit log keeps no secret', () => {
  it('a password used to sign in, right or wrong, appears nowhere', async () => {
    const user = await buildUser(t, { password: 'Secreto-Muy-Propio-931' });
    const { token } = await signIn(t, user.username, user.plainPassword);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'Otra-Clave-Equivocada-517' },
    });
    expect(wrong.statusCode).toBe(401);
    // A password typed in the user field by mistake.
    const misplaced = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'Clave-En-El-Usuario-208', password: 'x' },
    });
    expect(misplaced.statusCode).toBe(401);

    const pages: string[] = [];
    let before: string | null = null;
    do {
      const res = await list({ limit: 200, ...(before ? { before } : {}) });
      pages.push(res.body);
      before = res.json<AuditLogResponse>().nextBefore;
    } while (before);
    const text = pages.join('\n');
    expect(text).toContain(user.id);
    expect(text).toContain('auth.');
    const secrets = [
      'Secreto-Muy-Propio-931',
      'Otra-Clave-Equivocada-517',
      'clave-en-el-usuario-208',
      token,
    ];
    const raw = JSON.stringify(await t.db.select().from(auditLog)).toLowerCase();
    for (const secret of secrets) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(raw).not.toContain(secret.toLowerCase());
    }
  });
});
