import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../common/roles';
import { PANEL_MSG } from '../../../common/schemas/panel';
import { buildReport } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';

let t: TestApp;
const WEEK = '2026-10-05';
const as: Record<string, Record<string, string>> = {};

const person = (fullName: string, role: Role, managerId: string | null, area: string) =>
  buildUser(t, { fullName, role, managerId, unidadOrganizacional: area });

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await buildUser(t, { role: 'ADMIN', fullName: 'Ada Admin' });
  const board = await buildUser(t, { role: 'CONSEJO', fullName: 'Consuelo Consejo' });
  const gina = await person('Gina Gerente', 'GERENTE', null, 'Ventas');
  const lucas = await person('Lucas Líder', 'LIDER', gina.id, 'Ventas');
  const ursula = await person('Úrsula Usuaria', 'USER', lucas.id, 'Ventas Norte');
  const otro = await person('Otto Otro', 'GERENTE', null, 'Logística');
  const user = await buildUser(t, { role: 'USER', fullName: 'Zoe Zapata' });
  await buildReport(t, {
    user: lucas,
    weekStart: WEEK,
    status: 'ENVIADO',
    submittedAt: new Date(`${WEEK}T15:30:00Z`),
    avances: '+5 clientes',
    planes: '@equipo revisar',
    kpiNombre: 'Visitas',
    kpiMetaPct: 80,
    kpiLogroPct: 95.5,
  });
  await buildReport(t, { user: ursula, weekStart: WEEK, status: 'BORRADOR', avances: 'secreto' });
  // Not expected to report, but sent one: it is in the file all the same.
  await buildReport(t, {
    user: board,
    weekStart: WEEK,
    status: 'ENVIADO',
    avances: 'Revisé la estrategia',
    planes: 'Aprobar presupuesto',
  });
  await buildReport(t, { user: otro, weekStart: WEEK, status: 'ENVIADO', avances: 'Otra área' });
  for (const [name, who] of Object.entries({ admin, gina, lucas, user })) {
    as[name] = await authHeader(t, who);
  }
  // Away all week: listed as such, not as pending.
  const away = await buildUser(t, { role: 'USER', fullName: 'Ana Ausente', managerId: gina.id });
  const absence = await t.app.inject({
    method: 'POST',
    url: '/api/absences',
    headers: as.admin,
    payload: { userId: away.id, from: WEEK, to: '2026-10-11', reason: 'vacaciones' },
  });
  expect(absence.statusCode, absence.body).toBe(201);
});
afterAll(async () => {
  await t.close();
});

const get = (query: string, headers?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/appa/week/csv${query}`, headers });

/** The rows of a CSV answer, without the BOM and the header line. */
const rows = (body: string) => body.slice(1).split('\r\n').slice(1);
const names = (body: string) => rows(body).map((line) => line.split(',')[0]);

describe('GET /api/appa/week/csv', () => {
  it('needs a session, and a role that reads other people’s reports', async () => {
    expect((await get(`?weekStart=${WEEK}`)).statusCode).toBe(401);
    expect((await get(`?weekStart=${WEEK}`, as.user)).statusCode).toBe(403);
  });

  it('refuses a week that does not start on Monday and a team name too long, in Spanish', async () => {
    const notMonday = await get('?weekStart=2026-10-06', as.admin);
    expect(notMonday.statusCode).toBe(400);
    expect(notMonday.json()).toEqual({ message: PANEL_MSG.invalidWeek });
    const longTeam = await get(`?weekStart=${WEEK}&team=${'x'.repeat(201)}`, as.admin);
    expect(longTeam.statusCode).toBe(400);
    expect(longTeam.json()).toEqual({ message: PANEL_MSG.teamTooLong });
  });

  it('writes everyone expected and everyone who sent, with area, manager and Spanish status', async () => {
    const res = await get(`?weekStart=${WEEK}`, as.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`appa-semana-${WEEK}.csv`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body.slice(1).split('\r\n')[0]).toBe(
      'Nombre,Área,Jefe,Estado,Fecha de envío,Avances,Planes,Problemas,Ayuda,KPI,Meta,Logrado,Revisado',
    );
    expect(rows(res.body)).toEqual([
      'Ana Ausente,,Gina Gerente,Ausente,,,,,,,,,',
      'Consuelo Consejo,,,Enviado,05/10/2026 10:00,Revisé la estrategia,Aprobar presupuesto,,,,—,—,No',
      'Gina Gerente,Ventas,,Pendiente,,,,,,,,,',
      // Cells a spreadsheet would run as a formula are neutralised.
      `Lucas Líder,Ventas,Gina Gerente,Enviado,05/10/2026 10:30,"'+5 clientes","'@equipo revisar",,,Visitas,80 %,"95,5 %",No`,
      'Otto Otro,Logística,,Enviado,05/10/2026 10:00,Otra área,,,,,—,—,No',
      // A draft shows that it exists, never its content.
      'Úrsula Usuaria,Ventas Norte,Lucas Líder,Borrador,,,,,,,,,',
      'Zoe Zapata,,,Pendiente,,,,,,,,,',
    ]);
    expect(res.body).not.toContain('secreto');
  });

  it('gives a manager only their own people, and a leader themselves and those below them', async () => {
    expect(names((await get(`?weekStart=${WEEK}`, as.gina)).body)).toEqual([
      'Ana Ausente',
      'Lucas Líder',
      'Úrsula Usuaria',
    ]);
    expect(names((await get(`?weekStart=${WEEK}`, as.lucas)).body)).toEqual([
      'Lucas Líder',
      'Úrsula Usuaria',
    ]);
  });

  it('narrows the file to one team when asked', async () => {
    const res = await get(
      `?weekStart=${WEEK}&team=${encodeURIComponent('Ventas Norte')}`,
      as.admin,
    );
    expect(names(res.body)).toEqual(['Úrsula Usuaria']);
    expect(res.headers['content-disposition']).toContain(`appa-semana-${WEEK}-ventas-norte.csv`);
  });
});
