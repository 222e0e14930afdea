import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import {
  PANEL_MSG,
  type SubmissionMessage,
  type WeekResponse,
} from '../../../common/schemas/panel';
import { appaFiles, auditLog, users } from '../../db/schema';
import { describeAdminOnly, type Endpoint } from '../../test/admin-only';
import { buildReport } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { UNKNOWN_ID } from '../../test/review-fixture';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { role: 'ADMIN', fullName: 'Ana Administradora' });
  asAdmin = await authHeader(t, admin);
});
afterAll(async () => {
  await t.close();
});

/** The test clock's week (2026-11-18 in Lima). */
const CURRENT_WEEK = '2026-11-16';
const FIXTURE_WEEK = '2026-10-05';

const getWeek = (query = '', headers = asAdmin) =>
  t.app.inject({ method: 'GET', url: `/api/appa${query}`, headers });
const markSubmitted = (payload: object, headers = asAdmin) =>
  t.app.inject({ method: 'POST', url: '/api/appa/mark-submitted', headers, payload });

async function author(
  fullName: string,
  team: string | null,
  overrides: Parameters<typeof buildUser>[1] = {},
) {
  const user = await buildUser(t, {
    fullName,
    unidadOrganizacional: team,
    cargo: 'Analista',
    ...overrides,
  });
  // Written behind the server's back: what the server answered before is forgotten, as after a
  // write it makes itself.
  t.ctx.readCache.invalidate();
  return user;
}

const report = async (
  user: { id: string },
  weekStart: string,
  status: 'ENVIADO' | 'BORRADOR',
  files = 0,
) => {
  const row = await buildReport(t, { user, weekStart, status, avances: 'Avance del borrador' });
  t.ctx.readCache.invalidate();
  for (let i = 0; i < files; i++) {
    await t.db.insert(appaFiles).values({
      submissionId: row.id,
      fileName: `archivo-${i}.pdf`,
      storagePath: `${row.id}/${i}`,
      sizeBytes: 1000,
    });
  }
  return row;
};

describe('GET /api/appa', () => {
  it('answers 401 signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/appa' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.notSignedIn);
  });

  // VP, GERENTE and LIDER get their scoped week (routes/dashboards/visibility.test.ts).
  it.each(['USER'] as const)('answers 403 to %s, audited', async (role) => {
    const user = await buildUser(t, { role });
    const res = await getWeek('', await authHeader(t, user));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.forbidden });
    const refused = await t.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(refused.map((r) => r.action)).toContain('security.permission_refused');
  });

  it('answers CONSEJO, who reads every report', async () => {
    const consejo = await buildUser(t, { role: 'CONSEJO' });
    const res = await getWeek(`?weekStart=${FIXTURE_WEEK}`, await authHeader(t, consejo));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a week that does not start on Monday, in Spanish', async () => {
    for (const bad of ['2026-10-06', 'ayer', '2026-13-01']) {
      const res = await getWeek(`?weekStart=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: PANEL_MSG.invalidWeek });
    }
  });

  it('defaults to the current week of the organisation', async () => {
    const res = await getWeek();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ weekStart: CURRENT_WEEK, weekEnd: '2026-11-22' });
  });

  it('lists the week: tiles, pending authors, drafts, teams', async () => {
    const sender = await author('Bea Enviadora', 'Ventas', { role: 'LIDER' });
    const drafter = await author('Carlos Borrador', 'Marketing');
    const silent = await author('Diana Silenciosa', 'Desarrollo', { role: 'GERENTE' });
    const suspended = await author('Elena Suspendida', 'Legal', { status: 'SUSPENDIDO' });
    const consejo = await author('Fabio Consejo', 'Directorio', { role: 'CONSEJO' });
    const sent = await report(sender, FIXTURE_WEEK, 'ENVIADO', 2);
    await report(drafter, FIXTURE_WEEK, 'BORRADOR', 1);
    // Another week's report counts for nothing here.
    await report(silent, '2026-10-12', 'ENVIADO', 3);

    const res = await getWeek(`?weekStart=${FIXTURE_WEEK}`);
    expect(res.statusCode).toBe(200);
    const week = res.json() as WeekResponse;
    const expectedIds = (
      await t.db.select({ id: users.id, role: users.role, status: users.status }).from(users)
    ).filter((u) => u.status === 'ACTIVO' && !['ADMIN', 'CONSEJO'].includes(u.role));

    expect(week.weekEnd).toBe('2026-10-11');
    expect(week.counts).toEqual({
      expected: expectedIds.length,
      sent: 1,
      drafts: 1,
      pending: expectedIds.length - 1,
      // A draft's attachments are its author's alone until it is sent.
      files: 2,
    });
    expect(week.submissions.map((s) => [s.user.fullName, s.status, s.fileCount])).toEqual([
      ['Bea Enviadora', 'ENVIADO', 2],
      ['Carlos Borrador', 'BORRADOR', 0],
    ]);
    const pendingIds = week.pending.map((p) => p.id);
    expect(pendingIds).not.toContain(sender.id);
    expect(pendingIds).toContain(silent.id);
    expect(pendingIds).not.toContain(suspended.id);
    expect(pendingIds).not.toContain(consejo.id);
    expect(pendingIds).not.toContain(admin.id);
    expect(week.pending.find((p) => p.id === drafter.id)).toMatchObject({
      fullName: 'Carlos Borrador',
      cargo: 'Analista',
      unidadOrganizacional: 'Marketing',
      draft: true,
    });
    expect(week.pending.find((p) => p.id === silent.id)?.draft).toBe(false);
    expect(week.teams).toEqual(['Desarrollo', 'Marketing', 'Ventas']);
    expect(week.submissions[0]).toMatchObject({
      id: sent.id,
      userId: sender.id,
      user: { id: sender.id, email: sender.email, role: 'LIDER', slug: sender.slug },
      weekStart: FIXTURE_WEEK,
      commentCount: 0,
      openTaskCount: 0,
      reviewer: null,
      reviewedAt: null,
      markedSubmittedBy: null,
      kpiMetaPct: null,
    });
    expect(JSON.stringify(week)).not.toContain('storage');
    expect(JSON.stringify(week)).not.toContain('password');
  });
});

describe('POST /api/appa/mark-submitted', () => {
  describeAdminOnly('permissions', () => t, [
    ['POST', '/api/appa/mark-submitted', { userId: UNKNOWN_ID, weekStart: CURRENT_WEEK }],
  ] as const satisfies readonly Endpoint[]);

  it('turns a draft into ENVIADO keeping its text, and refuses a second time', async () => {
    const drafter = await author('Gina Borrador', null);
    await report(drafter, CURRENT_WEEK, 'BORRADOR');
    const res = await markSubmitted({ userId: drafter.id, weekStart: CURRENT_WEEK });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SubmissionMessage;
    expect(body.message).toBe('Usuario marcado como enviado');
    expect(body.submission).toMatchObject({
      userId: drafter.id,
      status: 'ENVIADO',
      avances: 'Avance del borrador',
      submittedAt: t.clock.current.toISOString(),
      markedSubmittedBy: { id: admin.id, fullName: 'Ana Administradora' },
    });

    const again = await markSubmitted({ userId: drafter.id, weekStart: CURRENT_WEEK });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: PANEL_MSG.alreadySent });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'report.marked_submitted'));
    expect(audited.map((a) => a.entityId)).toContain(body.submission.id);
  });

  it('creates the report of a pending author, who then is no longer pending', async () => {
    const silent = await author('Hugo Pendiente', null);
    const res = await markSubmitted({ userId: silent.id, weekStart: '2026-11-09' });
    expect(res.statusCode).toBe(200);
    expect(res.json().submission).toMatchObject({ status: 'ENVIADO', weekEnd: '2026-11-15' });
    const week = (await getWeek('?weekStart=2026-11-09')).json() as WeekResponse;
    expect(week.pending.map((p) => p.id)).not.toContain(silent.id);
  });

  it('answers 404 to an unknown user and 400 to bad input, in Spanish', async () => {
    const unknown = await markSubmitted({ userId: UNKNOWN_ID, weekStart: CURRENT_WEEK });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MSG.userNotFound });
    const badId = await markSubmitted({ userId: 'x', weekStart: CURRENT_WEEK });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ message: PANEL_MSG.invalidUserId });
    const badWeek = await markSubmitted({ userId: admin.id, weekStart: '2026-11-17' });
    expect(badWeek.json()).toEqual({ message: PANEL_MSG.invalidWeek });
    const notAuthor = await markSubmitted({ userId: admin.id, weekStart: CURRENT_WEEK });
    expect(notAuthor.statusCode).toBe(400);
    expect(notAuthor.json()).toEqual({ message: PANEL_MSG.notExpectedAuthor });
  });
});
