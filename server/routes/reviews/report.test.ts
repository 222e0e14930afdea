import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { PANEL_MSG, reportSummarySchema } from '../../../common/schemas/panel';
import { appaFiles, auditLog } from '../../db/schema';
import { buildReport } from '../../test/factories';
import { buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { requestAs, UNKNOWN_ID, type Person } from '../../test/review-fixture';

let t: TestApp;
let admin: Person;
let lider: Person;
let author: Person;
let reportId: string;
const inject = requestAs(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { role: 'ADMIN', fullName: 'Ana Administradora' });
  lider = await buildUser(t, { role: 'LIDER', fullName: 'Luis Líder' });
  author = await buildUser(t, { role: 'USER', fullName: 'Úrsula Autora', managerId: lider.id });
  const report = await buildReport(t, {
    user: author,
    weekStart: '2026-11-09',
    status: 'ENVIADO',
    avances: 'Terminé el módulo',
    kpiNombre: 'Ventas',
    kpiMetaPct: 80,
    kpiLogroPct: 90,
  });
  reportId = report.id;
  await t.db
    .insert(appaFiles)
    .values({ submissionId: reportId, fileName: 'a.pdf', storagePath: 'x/a.pdf', sizeBytes: 10 });
});
afterAll(async () => {
  await t.close();
});

const getReport = (user: Person | null, id = reportId) => inject(user, 'GET', `/api/appa/${id}`);

describe('GET /api/appa/{id}', () => {
  it('answers 401 signed out', async () => {
    const res = await getReport(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
  });

  it.each(['USER', 'LIDER', 'GERENTE', 'VP'] as const)(
    'answers 403 (audited) to a %s who may neither read nor review it',
    async (role) => {
      const outsider = await buildUser(t, { role });
      const res = await getReport(outsider);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
      const audited = await t.db.select().from(auditLog).where(eq(auditLog.actorId, outsider.id));
      const refused = audited.filter((a) => a.action === 'security.permission_refused');
      expect(refused).toHaveLength(1);
      expect(refused[0]?.entityId).toBe(reportId);
    },
  );

  it('answers 404 to an unknown report and 400 to a bad id', async () => {
    const unknown = await getReport(admin, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: PANEL_MSG.reportNotFound });
    expect((await getReport(admin, 'no-es-un-id')).statusCode).toBe(400);
  });

  it('gives the administrator the report in the shape of the week list', async () => {
    const res = await getReport(admin);
    expect(res.statusCode).toBe(200);
    const body = reportSummarySchema.parse(res.json());
    expect(body).toMatchObject({
      id: reportId,
      user: { id: author.id, fullName: 'Úrsula Autora' },
      status: 'ENVIADO',
      avances: 'Terminé el módulo',
      kpiMetaPct: 80,
      kpiLogroPct: 90,
      fileCount: 1,
      reviewedAt: null,
      reviewer: null,
      commentCount: 0,
      openTaskCount: 0,
    });
    const week = await inject(admin, 'GET', '/api/appa?weekStart=2026-11-09');
    expect(week.json().submissions).toEqual([res.json()]);
  });

  it.each([
    ['its author', () => author],
    ['the manager above the author', () => lider],
    ['CONSEJO', () => buildUser(t, { role: 'CONSEJO' })],
  ])('lets %s read it', async (_label, who) => {
    const res = await getReport(await who());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: reportId });
  });
});
