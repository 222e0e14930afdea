import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { PANEL_MSG } from '../../../common/schemas/panel';
import type { Report } from '../../../common/schemas/report';
import { REPORTS_MSG } from '../../../common/schemas/reports';
import { appaFiles, appaSubmissions, auditLog, users } from '../../db/schema';
import { buildComment, buildReport, buildReviewNote } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { uploadFile } from '../../test/uploads';
import { UNKNOWN_ID } from '../../test/review-fixture';

let t: TestApp;
type Person = Awaited<ReturnType<typeof buildUser>>;
let admin: Person;
let manager: Person;
let ana: Person;
let fixtureId: string;

const WEEK = '2026-10-05';
const BOM = '\uFEFF';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { role: 'ADMIN', fullName: 'Ana Administradora' });
  manager = await buildUser(t, { role: 'GERENTE', fullName: 'Gema Gerente' });
  ana = await buildUser(t, { fullName: 'Ana Núñez / Pérez', managerId: manager.id });
  await t.db.update(users).set({ cargo: 'Analista' }).where(eq(users.id, ana.id));
  const row = await buildReport(t, {
    user: ana,
    weekStart: WEEK,
    status: 'ENVIADO',
    submittedAt: new Date('2026-10-06T14:05:00Z'),
    avances: 'Cerré la venta con ACME',
    planes: 'Visitar a dos clientes',
    problemas: 'El CRM se cae',
    ayuda: '',
    kpiNombre: 'Ventas cerradas',
    kpiMetaPct: 90,
    kpiLogroPct: 95.5,
    reviewedAt: new Date('2026-10-07T16:00:00Z'),
    reviewedBy: admin.id,
  });
  fixtureId = row.id;
  const reviewed = new Date('2026-10-07T16:00:00Z');
  await buildReviewNote(t, {
    report: row,
    author: admin,
    notes: 'Buen avance',
    createdAt: reviewed,
    updatedAt: reviewed,
  });
  await buildReviewNote(t, {
    report: row,
    author: manager,
    notes: 'Coincido;\nhablar con sistemas',
    createdAt: new Date('2026-10-08T13:00:00Z'),
    updatedAt: new Date('2026-10-08T14:30:00Z'),
  });
  await buildComment(t, {
    report: row,
    reviewer: admin,
    comment: 'Revisar el CRM\ncon sistemas',
    createdAt: new Date('2026-10-07T15:00:00Z'),
    updatedAt: new Date('2026-10-07T15:00:00Z'),
  });
  // A file row whose object the storage does not have.
  await t.db.insert(appaFiles).values({
    submissionId: row.id,
    fileName: 'perdido.pdf',
    storagePath: 'uploads/11111111-1111-4111-8111-111111111111',
    sizeBytes: 2048,
  });
});
afterAll(async () => {
  await t.close();
});

const headersOf = new Map<string, Record<string, string>>();
async function as(user: Person | null) {
  if (!user) return {};
  const cached = headersOf.get(user.id);
  if (cached) return cached;
  const fresh = await authHeader(t, user);
  headersOf.set(user.id, fresh);
  return fresh;
}
const get = async (user: Person | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: await as(user) });

/** Uploads through the real flow (ticket, signed PUT); linked when the report is saved. */
async function upload(headers: Record<string, string>, fileName: string, bytes: Buffer) {
  const { put, file } = await uploadFile(t, headers, fileName, bytes);
  expect(put.statusCode).toBe(200);
  return file;
}

describe('GET /api/appa/:id/download', () => {
  it('answers 401 signed out, 404 for an unknown report, 400 for a malformed id', async () => {
    expect((await get(null, `/api/appa/${fixtureId}/download`)).statusCode).toBe(401);
    const unknown = await get(admin, `/api/appa/${UNKNOWN_ID}/download`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: PANEL_MSG.reportNotFound });
    expect((await get(admin, '/api/appa/..%2F..%2Fetc/download')).statusCode).toBe(400);
  });

  it.each(['USER', 'LIDER', 'VP', 'GERENTE'] as const)(
    'answers 403 to a %s who may not read it, audited',
    async (role) => {
      const stranger = await buildUser(t, { role });
      const res = await get(stranger, `/api/appa/${fixtureId}/download`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
      const refused = await t.db.select().from(auditLog).where(eq(auditLog.actorId, stranger.id));
      expect(refused.filter((r) => r.action === 'security.permission_refused')).toHaveLength(1);
    },
  );

  it('serves the author, their manager, ADMIN and CONSEJO', async () => {
    const consejo = await buildUser(t, { role: 'CONSEJO' });
    for (const user of [ana, manager, admin, consejo]) {
      expect((await get(user, `/api/appa/${fixtureId}/download`)).statusCode).toBe(200);
    }
  });

  it('writes every section, the KPI, dates, review, comments and files as a safe download', async () => {
    const res = await get(admin, `/api/appa/${fixtureId}/download`);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const disposition = res.headers['content-disposition'];
    expect(disposition).toBe(
      `attachment; filename="APPA-${ana.slug}-${WEEK}.txt"; filename*=UTF-8''APPA-${ana.slug}-${WEEK}.txt`,
    );
    expect(ana.slug).toMatch(/^[a-z0-9-]+$/);
    expect(res.body.startsWith(`${BOM}APPA de Ana Núñez / Pérez\r\n`)).toBe(true);
    const lines = res.body.split('\r\n');
    for (const line of [
      'Cargo: Analista',
      'Semana: Semana 41 (del 05/10/2026 al 11/10/2026)',
      'Estado: Enviado',
      'Fecha de envío: 06/10/2026 09:05',
      'Avances',
      'Cerré la venta con ACME',
      'Visitar a dos clientes',
      'El CRM se cae',
      'Ayuda requerida',
      '(Sin contenido)',
      'Nombre: Ventas cerradas',
      'Meta: 90 %',
      'Logro: 95,5 %',
      'Revisado el 07/10/2026 11:00 por Ana Administradora',
      'Notas de revisión:',
      'Ana Administradora, 07/10/2026 11:00:',
      '  Buen avance',
      'Gema Gerente, 08/10/2026 08:00 (editado):',
      '  Coincido;',
      '  hablar con sistemas',
      'Comentarios de revisión (1)',
      'Ana Administradora, 07/10/2026 10:00:',
      '  Revisar el CRM',
      '  con sistemas',
      'Archivos adjuntos (1)',
      '- perdido.pdf (2,0 KB)',
    ]) {
      expect(lines).toContain(line);
    }
  });
});

describe('GET /api/appa/export/zip', () => {
  it('answers 401 signed out and 400 for bad id lists, in Spanish', async () => {
    expect((await get(null, `/api/appa/export/zip?ids=${fixtureId}`)).statusCode).toBe(401);
    const tooMany = Array.from(
      { length: 201 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    ).join(',');
    for (const [query, message] of [
      ['', REPORTS_MSG.idsRequired],
      ['?ids=', REPORTS_MSG.idsRequired],
      ['?ids=abc', REPORTS_MSG.idsInvalid],
      [`?ids=${tooMany}`, REPORTS_MSG.tooManyIds],
    ] as const) {
      const res = await get(admin, `/api/appa/export/zip${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const unknown = await get(admin, `/api/appa/export/zip?ids=${fixtureId},${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('zips each report in its folder with APPA.txt and the files uploaded with it', async () => {
    const author = await buildUser(t, { fullName: 'Bruno Díaz' });
    const headers = await as(author);
    const pdf = await upload(headers, 'informe final.pdf', Buffer.from('%PDF-1.4 informe'));
    const evil = await upload(headers, '../../etc/passwd', Buffer.from('no escapa'));
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers,
      payload: {
        status: 'ENVIADO',
        avances: 'Avance de Bruno',
        planes: 'Plan de Bruno',
        problemas: '',
        ayuda: 'Necesito licencias',
        kpiNombre: 'Llamadas',
        kpiMetaPct: 50,
        kpiLogroPct: 40,
        files: [pdf, evil],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const brunoReport = saved.json<Report>();

    const res = await get(admin, `/api/appa/export/zip?ids=${fixtureId},${brunoReport.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toContain(
      `APPAs-${WEEK}_${brunoReport.weekStart}.zip`,
    );
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const brunoFolder = `Bruno-Diaz-${brunoReport.weekStart}`;
    const anaFolder = `Ana-Nunez-Perez-${WEEK}`;
    expect(Object.keys(entries).sort()).toEqual(
      [
        `${anaFolder}/APPA.txt`,
        `${brunoFolder}/APPA.txt`,
        `${brunoFolder}/_.._etc_passwd`,
        `${brunoFolder}/informe final.pdf`,
      ].sort(),
    );
    // Every name stays inside its folder.
    for (const name of Object.keys(entries)) {
      expect(name.split('/')).toHaveLength(2);
      expect(name.split('/')).not.toContain('..');
    }
    const file = entries[`${brunoFolder}/informe final.pdf`];
    expect(file && strFromU8(file)).toBe('%PDF-1.4 informe');
    // Buffer keeps the BOM that TextDecoder would drop.
    const brunoText = Buffer.from(entries[`${brunoFolder}/APPA.txt`] ?? []).toString('utf8');
    const direct = await get(admin, `/api/appa/${brunoReport.id}/download`);
    expect(brunoText).toBe(direct.body);
    expect(brunoText).toContain('Necesito licencias');
    const anaText = strFromU8(entries[`${anaFolder}/APPA.txt`] ?? new Uint8Array());
    expect(anaText).toContain(
      'Nota: el archivo "perdido.pdf" no se encontró en el almacenamiento y no se incluye.',
    );
  });

  it('lets an author zip their own reports but refuses the whole request for one of others', async () => {
    const [own] = await t.db
      .select({ id: appaSubmissions.id })
      .from(appaSubmissions)
      .innerJoin(users, eq(users.id, appaSubmissions.userId))
      .where(eq(users.fullName, 'Bruno Díaz'));
    const bruno = (await t.db.select().from(users).where(eq(users.fullName, 'Bruno Díaz')))[0];
    if (!own || !bruno) throw new Error('fixture missing');
    const asBruno = { ...bruno, plainPassword: '' };
    const headers = headersOf.get(bruno.id) ?? {};
    headersOf.set(asBruno.id, headers);
    expect((await get(asBruno, `/api/appa/export/zip?ids=${own.id}`)).statusCode).toBe(200);
    const refused = await get(asBruno, `/api/appa/export/zip?ids=${own.id},${fixtureId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MSG.forbidden });
    // Ana's manager reads Ana's report, not Bruno's.
    expect((await get(manager, `/api/appa/export/zip?ids=${fixtureId}`)).statusCode).toBe(200);
    expect((await get(manager, `/api/appa/export/zip?ids=${own.id}`)).statusCode).toBe(403);
  });

  it('leaves no file in the data folder beyond the uploads', async () => {
    const stored = fs.readdirSync(path.join(t.dataDir, 'files')).filter((f) => !f.startsWith('.'));
    expect(stored).toHaveLength(2);
  });
});
