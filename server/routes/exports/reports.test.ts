import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { Role } from '../../../common/roles';
import { REPORTS_MSG } from '../../../common/schemas/reports';
import { appaFiles, auditLog, users } from '../../db/schema';
import { buildReport } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';

let t: TestApp;
let asAdmin: Record<string, string>;

const WEEK = '2026-10-05';
const NEXT_WEEK = '2026-10-12';
const BOM = '\uFEFF';

async function author(fullName: string, email: string, role: Role = 'USER') {
  return buildUser(t, { fullName, email, role, unidadOrganizacional: 'Ventas' });
}

/** A sent report at 10:30 in Lima on its Monday, unless `fields` say otherwise. */
const report = (
  user: { id: string },
  weekStart: string,
  fields: Parameters<typeof buildReport>[1] = {},
) =>
  buildReport(t, {
    user,
    weekStart,
    status: 'ENVIADO',
    submittedAt: new Date(`${weekStart}T15:30:00Z`),
    avances: 'Avance',
    planes: 'Plan',
    ...fields,
  });

beforeAll(async () => {
  t = await buildTestApp();
  asAdmin = await authHeader(t, await buildUser(t, { role: 'ADMIN' }));
  const ana = await author('Ana Pérez', 'ana@example.com');
  const bruno = await author('Bruno Díaz', 'bruno@example.com', 'LIDER');
  await author('Carla Ruiz', 'carla@example.com', 'GERENTE');
  const formula = await author('=HYPERLINK("http://x")', 'formula@example.com');
  // Not expected to report.
  await buildUser(t, { role: 'CONSEJO', fullName: 'Consuelo Consejo' });

  const sent = await report(ana, WEEK, {
    problemas: '=cmd()',
    kpiNombre: 'Ventas cerradas',
    kpiMetaPct: 90,
    kpiLogroPct: 95.5,
  });
  await t.db.insert(appaFiles).values([
    { submissionId: sent.id, fileName: 'a.pdf', storagePath: 'x/1', sizeBytes: 10 },
    { submissionId: sent.id, fileName: 'b.pdf', storagePath: 'x/2', sizeBytes: 10 },
  ]);
  await report(bruno, WEEK, { status: 'BORRADOR', submittedAt: null, ayuda: 'Borrador' });
  await report(formula, WEEK, {
    ayuda: 'Necesito acceso al CRM',
    kpiNombre: 'Llamadas',
    kpiMetaPct: 80,
    kpiLogroPct: 70,
  });
  await report(ana, NEXT_WEEK, {
    kpiNombre: 'Ventas cerradas',
    kpiMetaPct: 90,
    kpiLogroPct: 85.5,
  });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers = asAdmin) => t.app.inject({ method: 'GET', url, headers });

const ENDPOINTS = [
  `/api/reports/weekly?weekStart=${WEEK}&format=csv`,
  '/api/reports/monthly?month=2026-10&format=txt',
  '/api/reports/user-activity?from=2026-10-01&to=2026-10-31',
  '/api/reports/problems-help?from=2026-10-01&to=2026-10-31',
  '/api/reports/kpi?from=2026-10-01&to=2026-10-31&format=csv',
  '/api/reports/custom?from=2026-10-01&to=2026-10-31&format=csv',
];

/** CSV rows without the BOM, split on CRLF. */
const csvLines = (body: string) => body.slice(1).split('\r\n');

describe('GET /api/reports/weekly', () => {
  it('writes one CSV row per expected author, with BOM, CRLF and escaped formulas', async () => {
    const res = await get(`/api/reports/weekly?weekStart=${WEEK}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="reporte-semanal-${WEEK}.csv"; filename*=UTF-8''reporte-semanal-${WEEK}.csv`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.startsWith(BOM)).toBe(true);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Nombre,Área,Jefe,Estado,Fecha de envío,Avances,Planes,Problemas,Ayuda,KPI,Meta,Logrado,Revisado',
    );
    expect(lines.slice(1)).toEqual([
      `"'=HYPERLINK(""http://x"")",Ventas,,Enviado,05/10/2026 10:30,Avance,Plan,,Necesito acceso al CRM,Llamadas,80 %,70 %,No`,
      `Ana Pérez,Ventas,,Enviado,05/10/2026 10:30,Avance,Plan,"'=cmd()",,Ventas cerradas,90 %,"95,5 %",No`,
      // A draft shows that it exists, never its content.
      'Bruno Díaz,Ventas,,Borrador,,,,,,,,,',
      'Carla Ruiz,Ventas,,Pendiente,,,,,,,,,',
    ]);
  });

  it('is the weekly CSV the panel downloads (GET /api/appa/week/csv), byte for byte', async () => {
    const reports = await get(`/api/reports/weekly?weekStart=${WEEK}&format=csv`);
    const panel = await get(`/api/appa/week/csv?weekStart=${WEEK}`);
    expect(panel.statusCode).toBe(200);
    expect(reports.body).toBe(panel.body);
  });

  it('summarises the week in text: counts, compliance, sent and pending', async () => {
    const res = await get(`/api/reports/weekly?weekStart=${WEEK}&format=txt`);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const text = res.body;
    expect(text.startsWith(`${BOM}Sistema APPA — Reporte semanal\r\n`)).toBe(true);
    for (const line of [
      'Semana 41 (del 05/10/2026 al 11/10/2026)',
      'Usuarios esperados: 4',
      'Enviados: 2',
      'Borradores: 1',
      'Pendientes: 2',
      'Archivos adjuntos: 2',
      'Tasa de cumplimiento: 50 %',
      '- Ana Pérez (ana@example.com), enviado el 05/10/2026 10:30',
      '  KPI: Ventas cerradas; meta 90 %; logro 95,5 %; logrado: Sí',
      '- Bruno Díaz (bruno@example.com): borrador sin enviar',
      '- Carla Ruiz (carla@example.com): sin APPA',
    ]) {
      expect(text).toContain(`${line}\r\n`);
    }
  });
});

describe('GET /api/reports/monthly', () => {
  it('counts each week of the month and each person', async () => {
    const res = await get('/api/reports/monthly?month=2026-10&format=txt');
    expect(res.headers['content-disposition']).toContain('reporte-mensual-2026-10.txt');
    expect(res.body).toContain('Mes: octubre de 2026 (4 semanas)');
    expect(res.body).toContain(
      '- Semana 41 (del 05/10/2026 al 11/10/2026): esperados 4, enviados 2, borradores 1, cumplimiento 50 %',
    );
    expect(res.body).toContain(
      '- Semana 42 (del 12/10/2026 al 18/10/2026): esperados 4, enviados 1, borradores 0, cumplimiento 25 %',
    );
    expect(res.body).toContain(
      '- Ana Pérez (ana@example.com): 2 de 4 semanas enviadas, 0 borradores, cumplimiento 50 %',
    );
    const csv = csvLines((await get('/api/reports/monthly?month=2026-10&format=csv')).body);
    expect(csv).toContain('Bruno Díaz,bruno@example.com,,Ventas,4,0,1,0');
  });

  it('counts only the weeks that have begun, the one that runs as "en curso"', async () => {
    const before = t.clock.current;
    // Wednesday of the month's second week, in Lima.
    t.clock.current = new Date('2026-10-14T15:00:00Z');
    try {
      const res = await get('/api/reports/monthly?month=2026-10&format=txt');
      expect(res.body).toContain('Mes: octubre de 2026 (2 semanas, la última en curso)');
      expect(res.body).toContain(
        '- Semana 42 (del 12/10/2026 al 18/10/2026) (en curso): esperados 4, enviados 1',
      );
      expect(res.body).not.toContain('Semana 43');
      expect(res.body).toContain(
        '- Ana Pérez (ana@example.com): 2 de 2 semanas enviadas, 0 borradores, cumplimiento 100 %',
      );
      const csv = csvLines((await get('/api/reports/monthly?month=2026-10&format=csv')).body);
      expect(csv).toContain('Bruno Díaz,bruno@example.com,,Ventas,2,0,1,0');
      const activity = await get('/api/reports/user-activity?from=2026-10-01&to=2026-10-31');
      expect(activity.body).toContain('(2 semanas, la última en curso)');
      expect(activity.body).toContain('cumplimiento: 100 %');

      const future = await get('/api/reports/monthly?month=2026-12&format=txt');
      expect(future.body).toContain('Mes: diciembre de 2026 (0 semanas)');
      expect(future.body).toContain('Ninguna semana del mes ha comenzado.');
      expect(future.body).toContain('Por persona (0)');
    } finally {
      t.clock.current = before;
    }
  });
});

describe('the reports over a period', () => {
  const period = 'from=2026-10-01&to=2026-10-31';

  it('user activity: sent, drafts, last sent, average KPI, compliance', async () => {
    const res = await get(`/api/reports/user-activity?${period}&format=csv`);
    expect(res.headers['content-disposition']).toContain(
      'actividad-usuarios-2026-10-01_2026-10-31.csv',
    );
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Nombre,Correo,Cargo,Unidad,Enviados,Borradores,Último envío,Logro KPI promedio (%),Cumplimiento (%)',
    );
    expect(lines).toContain('Ana Pérez,ana@example.com,,Ventas,2,0,12/10/2026 10:30,90.5,50');
    expect(lines).toContain('Carla Ruiz,carla@example.com,,Ventas,0,0,,,0');
  });

  it('problems and help: sent reports with either text, formulas escaped', async () => {
    const txt = (await get(`/api/reports/problems-help?${period}&format=txt`)).body;
    expect(txt).toContain('APPAs con problemas o ayuda: 2');
    expect(txt).toContain('  Problemas: =cmd()');
    expect(txt).toContain('  Ayuda: Necesito acceso al CRM');
    // A draft's text is not reported.
    expect(txt).not.toContain('Borrador');
    const csv = csvLines((await get(`/api/reports/problems-help?${period}&format=csv`)).body);
    expect(csv[0]).toBe('Nombre,Correo,Semana,Fecha de envío,Problemas,Ayuda');
    expect(csv).toContain(`Ana Pérez,ana@example.com,${WEEK},05/10/2026 10:30,"'=cmd()",`);
  });

  it('KPI: goal against achieved per person and week', async () => {
    const lines = csvLines((await get(`/api/reports/kpi?${period}&format=csv`)).body);
    expect(lines).toEqual([
      'Nombre,Correo,Semana,KPI,Meta (%),Logro (%),Logrado',
      `"'=HYPERLINK(""http://x"")",formula@example.com,${WEEK},Llamadas,80,70,No`,
      `Ana Pérez,ana@example.com,${WEEK},Ventas cerradas,90,95.5,Sí`,
      `Ana Pérez,ana@example.com,${NEXT_WEEK},Ventas cerradas,90,85.5,No`,
    ]);
    const txt = (await get(`/api/reports/kpi?${period}`)).body;
    expect(txt).toContain('KPI medidos: 3; logrados: 1 (33 %)');
  });

  it('custom: every report of the period with every field', async () => {
    const lines = csvLines((await get(`/api/reports/custom?${period}&format=csv`)).body);
    expect(lines[0]?.split(',')).toHaveLength(20);
    expect(lines).toHaveLength(5);
    expect(lines.filter((l) => l.includes('Borrador'))).toHaveLength(1);
    const txt = (await get(`/api/reports/custom?${period}`)).body;
    expect(txt).toContain('APPAs: 4');
  });

  it('answers an empty period with headers only', async () => {
    const lines = csvLines(
      (await get('/api/reports/kpi?from=2025-01-01&to=2025-01-31&format=csv')).body,
    );
    expect(lines).toEqual(['Nombre,Correo,Semana,KPI,Meta (%),Logro (%),Logrado', '']);
  });
});

describe('formulas in every CSV export', () => {
  // A month of its own, so that the other tests' counts do not see this report.
  const AUGUST_WEEK = '2026-08-03';
  const august = 'from=2026-08-01&to=2026-08-31&format=csv';
  const FORMULA = '=HYPERLINK("http://x")\nsegunda línea';

  beforeAll(async () => {
    const [ana] = await t.db.select().from(users).where(eq(users.email, 'ana@example.com'));
    if (!ana) throw new Error('the fixture has Ana');
    await report(ana, AUGUST_WEEK, {
      avances: FORMULA,
      planes: `+${FORMULA}`,
      problemas: `-${FORMULA}`,
      ayuda: `@${FORMULA}`,
      kpiNombre: FORMULA,
      kpiMetaPct: 80,
      kpiLogroPct: 70,
    });
  });

  it.each([
    `/api/reports/weekly?weekStart=${AUGUST_WEEK}&format=csv`,
    '/api/reports/monthly?month=2026-08&format=csv',
    `/api/reports/user-activity?${august}`,
    `/api/reports/problems-help?${august}`,
    `/api/reports/kpi?${august}`,
    `/api/reports/custom?${august}`,
  ])('%s: no text cell starts a formula, multi-line ones included', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const rows = Papa.parse<string[]>(res.body.slice(1), { newline: '\r\n' }).data;
    const cells = rows.flat();
    const formulas = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d/.test(cell));
    expect(formulas).toEqual([]);
    if (!url.includes('monthly') && !url.includes('user-activity')) {
      // The report's text is there, neutralised.
      expect(cells.some((cell) => /^'[=+\-@]/.test(cell))).toBe(true);
    }
  });
});

describe('bad parameters answer 400 in Spanish', () => {
  it.each([
    ['/api/reports/weekly?weekStart=2026-10-06', REPORTS_MSG.invalidWeek],
    [`/api/reports/weekly?weekStart=${WEEK}&format=pdf`, REPORTS_MSG.invalidFormat],
    ['/api/reports/monthly', REPORTS_MSG.invalidMonth],
    ['/api/reports/monthly?month=2026-13', REPORTS_MSG.invalidMonth],
    ['/api/reports/kpi?to=2026-10-31', REPORTS_MSG.invalidFrom],
    ['/api/reports/kpi?from=2026-02-30&to=2026-10-31', REPORTS_MSG.invalidFrom],
    ['/api/reports/custom?from=2026-10-01&to=ayer', REPORTS_MSG.invalidTo],
    ['/api/reports/user-activity?from=2026-10-31&to=2026-10-01', REPORTS_MSG.rangeOrder],
    ['/api/reports/problems-help?from=2025-01-01&to=2026-01-02', REPORTS_MSG.rangeTooLong],
    [
      "/api/reports/kpi?from=2026-10-01'%3Bdrop%20table%20users--&to=2026-10-31",
      REPORTS_MSG.invalidFrom,
    ],
  ])('%s', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('accepts a range of exactly 366 days', async () => {
    expect((await get('/api/reports/kpi?from=2025-01-01&to=2026-01-01')).statusCode).toBe(200);
  });
});

// Last, unlike elsewhere: the people refused here report, and would count as pending above.
describe('who may generate the reports', () => {
  it.each(ENDPOINTS)('GET %s answers 401 signed out', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
  });

  it.each(['VP', 'GERENTE', 'LIDER', 'USER'] as const)(
    'answers 403 to %s on every report, audited',
    async (role) => {
      const user = await buildUser(t, { role });
      const headers = await authHeader(t, user);
      for (const url of ENDPOINTS) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ message: MSG.forbidden });
      }
      const refused = await t.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
      expect(refused.filter((r) => r.action === 'security.permission_refused')).toHaveLength(
        ENDPOINTS.length,
      );
    },
  );

  it.each(['ADMIN', 'CONSEJO'] as const)('answers %s every report', async (role) => {
    const headers = await authHeader(t, await buildUser(t, { role }));
    for (const url of ENDPOINTS) expect((await get(url, headers)).statusCode, url).toBe(200);
  });
});
