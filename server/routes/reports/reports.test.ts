import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../common/messages';
import { REPORT_MSG, type Report, type UploadTicket } from '../../../common/schemas/report';
import { appaFiles, appaSubmissions, auditLog, uploads } from '../../db/schema';
import { saveSettings } from '../../services/settings';
import { removeUnlinkedUploads } from '../../domain/uploads';
import { buildReport } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { openPut, requestTicket, uploadFile } from '../../test/uploads';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;

async function author(role: 'USER' | 'LIDER' = 'USER') {
  const user = await buildUser(t, { role });
  return { user, headers: await authHeader(t, user) };
}

/** Settings written behind the server's back, then forgotten by its cache as the settings route would. */
async function setSettings(changes: Parameters<typeof saveSettings>[1]) {
  await saveSettings(t.db, changes, null);
  t.ctx.readCache.invalidate('settings');
}

const save = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/appa', headers, payload });

const complete = {
  avances: 'Terminé la migración',
  planes: 'Probar en producción',
  problemas: '',
  ayuda: '',
  kpiNombre: 'Entregas a tiempo',
  kpiMetaPct: 90,
  kpiLogroPct: 95.5,
};

/** Asks for a ticket and PUTs `bytes` to it, as the browser does. */
const upload = (headers: Headers, fileName: string, bytes: Buffer, declared = bytes.length) =>
  uploadFile(t, headers, fileName, bytes, declared);

const storedFiles = () =>
  fs.readdirSync(path.join(t.dataDir, 'files')).filter((f) => !f.startsWith('.'));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const download = (headers: Headers, fileId: string) =>
  t.app.inject({ method: 'GET', url: `/api/files/download/${fileId}`, headers });

const fileRowsOf = (reportId: string) =>
  t.db.select().from(appaFiles).where(eq(appaFiles.submissionId, reportId));

describe('the report calls refuse anonymous visitors', () => {
  it.each([
    ['GET', '/api/appa/current'],
    ['POST', '/api/appa'],
    ['POST', '/api/objects/upload'],
    ['GET', '/api/files/submission/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/files/download/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
  });

  it('refuses a user who must still change the temporary password', async () => {
    const user = await buildUser(t, { mustChangePassword: true });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/appa/current',
      headers: await authHeader(t, user),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/appa/current', () => {
  it("answers the author's week in their timezone, no report yet, and the limits", async () => {
    const { headers } = await author();
    // The test clock is Wednesday 2026-11-18 15:00 UTC.
    const res = await t.app.inject({ method: 'GET', url: '/api/appa/current', headers });
    expect(res.json()).toEqual({
      weekStart: '2026-11-16',
      weekEnd: '2026-11-22',
      report: null,
      limits: { maxFiles: 5, maxFileBytes: 10 * 1024 * 1024 },
      // Monday 10:00 in Lima, the default "Hora límite" and organisation timezone.
      deadline: { at: '2026-11-16T15:00:00.000Z', passed: true, lateAllowed: true },
      previous: null,
    });
  });

  it('carries over the newest sent report before this week: its Planes, its KPI and goal', async () => {
    const { headers, user } = await author();
    const sent = { user, status: 'ENVIADO' as const, kpiMetaPct: 80, kpiLogroPct: 60 };
    await buildReport(t, {
      ...sent,
      weekStart: '2026-11-02',
      planes: 'Plan viejo',
      kpiNombre: 'A',
    });
    await buildReport(t, {
      ...sent,
      weekStart: '2026-11-09',
      planes: 'Cerrar ventas',
      kpiNombre: 'Ventas',
    });
    // Neither a newer draft of an earlier week nor this week's own report is carried over.
    await buildReport(t, { user, status: 'BORRADOR', weekStart: '2026-10-26', planes: 'Borrador' });
    await buildReport(t, {
      user,
      status: 'BORRADOR',
      weekStart: '2026-11-16',
      planes: 'Esta semana',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/appa/current', headers });
    expect(res.json().previous).toEqual({
      weekStart: '2026-11-09',
      planes: 'Cerrar ventas',
      kpiNombre: 'Ventas',
      kpiMetaPct: 80,
    });
    // Someone else's reports are never carried over.
    const other = await author();
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/appa/current',
      headers: other.headers,
    });
    expect(theirs.json().previous).toBeNull();
  });
});

describe('the deadline setting', () => {
  it('refuses a late send when late submissions are off, and still keeps drafts', async () => {
    const { headers } = await author();
    await setSettings({ allowLateSubmissions: false });
    try {
      const late = await save(headers, { ...complete, status: 'ENVIADO' });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({
        message: REPORT_MSG.deadlinePassed('16/11/2026 a las 10:00'),
      });
      const draft = await save(headers, { ...complete, status: 'BORRADOR' });
      expect(draft.statusCode, draft.body).toBe(200);
      const current = await t.app.inject({ method: 'GET', url: '/api/appa/current', headers });
      expect(current.json().deadline).toMatchObject({ passed: true, lateAllowed: false });

      // A later "Hora límite" in another timezone moves the deadline past the clock.
      await setSettings({ deadlineTime: '23:30', organisationTimezone: 'America/Santiago' });
      t.clock.current = new Date('2026-11-16T20:00:00Z');
      const onTime = await save(headers, { ...complete, status: 'ENVIADO' });
      expect(onTime.statusCode, onTime.body).toBe(200);
    } finally {
      t.clock.current = new Date('2026-11-18T15:00:00Z');
      await setSettings({
        allowLateSubmissions: true,
        deadlineTime: '10:00',
        organisationTimezone: 'America/Lima',
      });
    }
  });
});

describe('POST /api/appa', () => {
  it('saves an empty draft, then finds it again', async () => {
    const { headers, user } = await author();
    const res = await save(headers, { status: 'BORRADOR' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: user.id,
      status: 'BORRADOR',
      avances: '',
      submittedAt: null,
      files: [],
    });
    const again = await save(headers, { ...complete, status: 'BORRADOR' });
    expect(again.json().id).toBe(res.json().id);
    const current = await t.app.inject({ method: 'GET', url: '/api/appa/current', headers });
    expect(current.json().report).toMatchObject({ ...complete, status: 'BORRADOR' });
  });

  it('needs Avances and Planes of 3 characters to send, and stores nothing when refused', async () => {
    const { headers, user } = await author();
    await save(headers, { avances: 'ab', planes: 'x', status: 'BORRADOR' });
    const noAvances = await save(headers, {
      avances: ' ab ',
      planes: 'Un plan',
      status: 'ENVIADO',
    });
    expect(noAvances.statusCode).toBe(400);
    expect(noAvances.json()).toEqual({ message: REPORT_MSG.avancesTooShort });
    const noPlanes = await save(headers, { avances: 'Avance', planes: 'ab', status: 'ENVIADO' });
    expect(noPlanes.json()).toEqual({ message: REPORT_MSG.planesTooShort });
    const [row] = await t.db
      .select()
      .from(appaSubmissions)
      .where(eq(appaSubmissions.userId, user.id));
    expect(row).toMatchObject({ status: 'BORRADOR', avances: 'ab' });
  });

  it('sends once; a second send or a later draft answers 409 and changes nothing', async () => {
    const { headers } = await author();
    const sent = await save(headers, { ...complete, status: 'ENVIADO' });
    expect(sent.statusCode).toBe(200);
    const report = sent.json<Report>();
    expect(report).toMatchObject({ status: 'ENVIADO', submittedAt: t.clock.now().toISOString() });
    for (const status of ['ENVIADO', 'BORRADOR']) {
      const again = await save(headers, { ...complete, avances: 'Otro texto', status });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: REPORT_MSG.alreadySent });
    }
    const current = await t.app.inject({ method: 'GET', url: '/api/appa/current', headers });
    expect(current.json().report).toMatchObject({ avances: complete.avances, status: 'ENVIADO' });
  });

  it('checks the KPI percentages: 0 to 100, two decimals', async () => {
    const { headers } = await author();
    const cases: [object, string][] = [
      [{ kpiMetaPct: 101 }, REPORT_MSG.pctRange('La meta del KPI')],
      [{ kpiLogroPct: -1 }, REPORT_MSG.pctRange('El logro del KPI')],
      [{ kpiLogroPct: 12.345 }, REPORT_MSG.pctDecimals('El logro del KPI')],
      [{ kpiMetaPct: '50' }, REPORT_MSG.pctRange('La meta del KPI')],
    ];
    for (const [payload, message] of cases) {
      const res = await save(headers, { ...payload, status: 'BORRADOR' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const ok = await save(headers, { kpiMetaPct: 0, kpiLogroPct: 99.99, status: 'BORRADOR' });
    expect(ok.json()).toMatchObject({ kpiMetaPct: 0, kpiLogroPct: 99.99 });
  });

  it('gives the KPI percentages back as numbers (72.5, not "72.50"), in the API and in the row', async () => {
    const { headers, user } = await author();
    const kpi = { kpiMetaPct: 72.5, kpiLogroPct: 80 };
    const saved = await save(headers, { ...kpi, status: 'BORRADOR' });
    expect(saved.json()).toMatchObject(kpi);
    const current = await t.app.inject({ method: 'GET', url: '/api/appa/current', headers });
    expect(current.json().report).toMatchObject(kpi);
    const [row] = await t.db
      .select()
      .from(appaSubmissions)
      .where(eq(appaSubmissions.userId, user.id));
    expect(row).toMatchObject(kpi);
  });

  it('refuses bad input with a Spanish message', async () => {
    const { headers } = await author();
    expect((await save(headers, { status: 'PUBLICADO' })).json()).toEqual({
      message: REPORT_MSG.invalidStatus,
    });
    expect((await save(headers, { avances: 42, status: 'BORRADOR' })).json()).toEqual({
      message: 'Avances debe ser texto',
    });
    const long = await save(headers, { avances: 'x'.repeat(20_001), status: 'BORRADOR' });
    expect(long.json()).toEqual({ message: REPORT_MSG.textTooLong('Avances') });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"status":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: MSG.invalidJson });
  });

  it("ignores any author named in the payload: it writes the signed-in user's own report", async () => {
    const { headers, user } = await author();
    const other = await buildUser(t);
    const res = await save(headers, { ...complete, userId: other.id, status: 'BORRADOR' });
    expect(res.json().userId).toBe(user.id);
    expect(
      await t.db.select().from(appaSubmissions).where(eq(appaSubmissions.userId, other.id)),
    ).toHaveLength(0);
  });

  it("uses the author's own timezone for the week", async () => {
    const user = await buildUser(t);
    const saved = t.clock.current;
    // Monday 03:00 UTC is still Sunday evening in Lima.
    t.clock.current = new Date('2026-11-23T03:00:00Z');
    const headers = await authHeader(t, user);
    const res = await t.app.inject({ method: 'GET', url: '/api/appa/current', headers });
    t.clock.current = saved;
    expect(res.json().weekStart).toBe('2026-11-16');
  });
});

describe('attachments', () => {
  it('lets an administrator read the files but not another author', async () => {
    const { headers } = await author();
    const a = await upload(headers, 'datos.csv', Buffer.from('a,b\n1,2\n'));
    const report = (
      await save(headers, { ...complete, status: 'ENVIADO', files: [a.file] })
    ).json<Report>();
    const fileId = report.files[0]?.id ?? '';
    const admin = await buildUser(t, { role: 'ADMIN' });
    const stranger = await buildUser(t, { role: 'LIDER' });
    const asAdmin = await authHeader(t, admin);
    const asStranger = await authHeader(t, stranger);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/files/download/${fileId}`,
          headers: asAdmin,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/files/submission/${report.id}`,
          headers: asAdmin,
        })
      ).statusCode,
    ).toBe(200);
    for (const url of [`/api/files/download/${fileId}`, `/api/files/submission/${report.id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: asStranger });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
    }
    const refusals = await t.db.select().from(auditLog).where(eq(auditLog.actorId, stranger.id));
    expect(refusals.map((r) => r.action)).toEqual([
      'auth.login',
      'security.permission_refused',
      'security.permission_refused',
    ]);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/files/download/00000000-0000-4000-8000-000000000000',
      headers: asAdmin,
    });
    expect(missing.statusCode).toBe(404);
    const notAnId = await t.app.inject({
      method: 'GET',
      url: '/api/files/download/..%2F..%2Fetc%2Fpasswd',
      headers: asAdmin,
    });
    expect(notAnId.statusCode).toBe(400);
  });

  it('uploads to the local store, links the files, lists and downloads them', async () => {
    const { headers } = await author();
    const a = await upload(headers, 'informe.pdf', Buffer.from('%PDF-1.4 informe'));
    const b = await upload(headers, 'fotos de obra.zip', Buffer.alloc(3000, 7));
    expect(a.put.statusCode).toBe(200);
    expect(a.ticket.uploadURL).toMatch(
      /^\/api\/objects\/upload\/[0-9a-f-]{36}\?expires=\d+&signature=/,
    );
    const res = await save(headers, { ...complete, status: 'BORRADOR', files: [a.file, b.file] });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<Report>();
    // Files saved together are listed by name.
    expect(report.files.map((f) => [f.fileName, f.sizeBytes])).toEqual([
      ['fotos de obra.zip', 3000],
      ['informe.pdf', 16],
    ]);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/files/submission/${report.id}`,
      headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(
      report.files.map(({ id, fileName, sizeBytes }) => ({ id, fileName, sizeBytes })),
    );

    const fileId = report.files.find((f) => f.fileName === 'informe.pdf')?.id ?? '';
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/download/${fileId}`,
      headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.4 informe');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="informe.pdf"; filename*=UTF-8''informe.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-type']).toBe('application/octet-stream');
  });

  it('refuses a content type that is not short text in Spanish, never with the validator’s words', async () => {
    const { headers } = await author();
    for (const contentType of [5, 'x'.repeat(201)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers,
        payload: { fileName: 'informe.pdf', sizeBytes: 10, contentType },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: REPORT_MSG.contentTypeInvalid });
    }
  });

  it('refuses a file over the size limit before storing anything', async () => {
    const { headers, user } = await author();
    const before = storedFiles().length;
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers,
      payload: { fileName: 'video.mp4', sizeBytes: 10 * 1024 * 1024 + 1 },
    });
    expect(ticket.statusCode).toBe(400);
    expect(ticket.json()).toEqual({ message: REPORT_MSG.fileTooLarge(10 * 1024 * 1024) });
    expect(await t.db.select().from(uploads).where(eq(uploads.ownerId, user.id))).toHaveLength(0);

    // Announcing a small file and sending more is cut off, and nothing stays on disk.
    const liar = await upload(headers, 'small.txt', Buffer.alloc(5000, 1), 100);
    expect(liar.put.statusCode).toBe(413);
    expect(storedFiles().length).toBe(before);
    const linked = await save(headers, { status: 'BORRADOR', files: [liar.file] });
    expect(linked.statusCode).toBe(400);
    expect(linked.json()).toEqual({ message: REPORT_MSG.fileNotFound });
  });

  it('enforces the saved limits: a sixth file is refused', async () => {
    const { headers } = await author();
    const files = [];
    for (let i = 0; i < 6; i++)
      files.push((await upload(headers, `f${i}.txt`, Buffer.from(`archivo ${i}`))).file);
    const res = await save(headers, { status: 'BORRADOR', files });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: REPORT_MSG.tooManyFiles(5) });
    await setSettings({ maxFiles: 6 });
    expect((await save(headers, { status: 'BORRADOR', files })).statusCode).toBe(200);
    await setSettings({ maxFiles: 5 });
  });

  it("refuses to link someone else's object, one never uploaded, or the same one twice", async () => {
    const mine = await author();
    const theirs = await author();
    const other = await upload(theirs.headers, 'ajeno.pdf', Buffer.from('ajeno'));
    const res = await save(mine.headers, { status: 'BORRADOR', files: [other.file] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: REPORT_MSG.fileNotYours });
    expect(
      await t.db.select().from(appaFiles).where(eq(appaFiles.storagePath, other.file.objectKey)),
    ).toHaveLength(0);

    const ghost = {
      objectKey: 'uploads/00000000-0000-4000-8000-000000000000',
      fileName: 'x',
      sizeBytes: 1,
    };
    expect((await save(mine.headers, { status: 'BORRADOR', files: [ghost] })).json()).toEqual({
      message: REPORT_MSG.fileNotFound,
    });
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: mine.headers,
      payload: { fileName: 'pendiente.pdf', sizeBytes: 10 },
    });
    const pending = {
      objectKey: ticket.json().objectKey,
      fileName: 'pendiente.pdf',
      sizeBytes: 10,
    };
    expect((await save(mine.headers, { status: 'BORRADOR', files: [pending] })).json()).toEqual({
      message: REPORT_MSG.fileNotFound,
    });
    const a = await upload(mine.headers, 'a.txt', Buffer.from('a'));
    expect(
      (await save(mine.headers, { status: 'BORRADOR', files: [a.file, a.file] })).json(),
    ).toEqual({
      message: REPORT_MSG.duplicateFile,
    });
  });

  it('refuses an expired or forged upload URL, and a second PUT', async () => {
    const { headers } = await author();
    const ticket = (
      await t.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers,
        payload: { fileName: 'a.txt', sizeBytes: 3 },
      })
    ).json<UploadTicket>();
    const forged = ticket.uploadURL.replace(/signature=[^&]+/, 'signature=AAAA');
    const put = (url: string) => t.app.inject({ method: 'PUT', url, payload: Buffer.from('abc') });
    expect((await put(forged)).json()).toEqual({ message: REPORT_MSG.uploadExpired });
    t.clock.advance(16 * 60_000);
    expect((await put(ticket.uploadURL)).statusCode).toBe(403);
    t.clock.advance(-16 * 60_000);
    expect((await put(ticket.uploadURL)).statusCode).toBe(200);
    expect((await put(ticket.uploadURL)).statusCode).toBe(409);
  });

  it('records the size and SHA-256 of the stored bytes when a report links a file', async () => {
    const { headers } = await author();
    const bytes = Buffer.from('%PDF-1.4 acta firmada');
    const a = await upload(headers, 'acta.pdf', bytes);
    const report = (
      await save(headers, { ...complete, status: 'ENVIADO', files: [a.file] })
    ).json<Report>();
    expect(await fileRowsOf(report.id)).toMatchObject([
      { sizeBytes: bytes.length, sha256: sha256(bytes) },
    ]);

    // The ticket was used: writing it again is refused, and the sent file stays as it was.
    const again = await t.app.inject({
      method: 'PUT',
      url: a.ticket.uploadURL,
      payload: Buffer.from('%PDF-1.4 acta cambiada'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REPORT_MSG.uploadAlreadyDone });
    expect((await download(headers, report.files[0]?.id ?? '')).rawPayload).toEqual(bytes);
  });

  it('lets one PUT write a ticket: a second one racing it is refused, and the sent file is the first', async () => {
    const { headers } = await author();
    const first = Buffer.alloc(64 * 1024, 'a');
    const second = Buffer.alloc(64 * 1024, 'b');
    const ticket = await requestTicket(t, headers, {
      fileName: 'plano.pdf',
      sizeBytes: first.length,
    });
    const type = { 'content-type': 'application/pdf' };
    const slow = await openPut(t, ticket.uploadURL, type, first.length);
    slow.send(first.subarray(0, 1024));
    // The first PUT is being written to disk.
    const id = ticket.objectKey.slice('uploads/'.length);
    await vi.waitFor(() =>
      expect(storedFiles().some((f) => f.startsWith(`${id}.part-`))).toBe(true),
    );

    const racing = await openPut(t, ticket.uploadURL, type, second.length);
    const raced = await racing.finish(second);
    expect(raced.statusCode).toBe(409);
    expect(raced.json()).toEqual({ message: REPORT_MSG.uploadAlreadyDone });
    expect((await slow.finish(first.subarray(1024))).statusCode).toBe(200);

    const file = { objectKey: ticket.objectKey, fileName: 'plano.pdf', sizeBytes: first.length };
    const report = (
      await save(headers, { ...complete, status: 'ENVIADO', files: [file] })
    ).json<Report>();
    const late = await openPut(t, ticket.uploadURL, type, second.length);
    expect((await late.finish(second)).statusCode).toBe(409);
    expect((await download(headers, report.files[0]?.id ?? '')).rawPayload).toEqual(first);
    expect(await fileRowsOf(report.id)).toMatchObject([{ sha256: sha256(first) }]);
  });

  it('gives a ticket back when its PUT stored nothing, so that the browser can try again', async () => {
    const { headers } = await author();
    const cut = await upload(headers, 'corto.txt', Buffer.alloc(5000, 1), 100);
    expect(cut.put.statusCode).toBe(413);
    const retry = await t.app.inject({
      method: 'PUT',
      url: cut.ticket.uploadURL,
      payload: Buffer.alloc(100, 2),
    });
    expect(retry.statusCode).toBe(200);
    const saved = await save(headers, { status: 'BORRADOR', files: [cut.file] });
    expect(saved.json<Report>().files).toMatchObject([{ sizeBytes: 100 }]);
  });

  it('keeps serving files linked before they were bound, and binds them at the next save', async () => {
    const { headers } = await author();
    const bytes = Buffer.from('informe de antes');
    const a = await upload(headers, 'antes.txt', bytes);
    const draft = (await save(headers, { status: 'BORRADOR', files: [a.file] })).json<Report>();
    // As a file linked before binding existed: no hash, no bound object.
    await t.db
      .update(appaFiles)
      .set({ sha256: null, boundKey: null })
      .where(eq(appaFiles.submissionId, draft.id));
    await t.db
      .update(uploads)
      .set({ sha256: null, boundKey: null })
      .where(eq(uploads.objectKey, a.file.objectKey));
    const fileId = draft.files[0]?.id ?? '';
    expect((await download(headers, fileId)).rawPayload).toEqual(bytes);

    await save(headers, { ...complete, status: 'ENVIADO', files: [a.file] });
    expect(await fileRowsOf(draft.id)).toMatchObject([
      { id: fileId, sizeBytes: bytes.length, sha256: sha256(bytes) },
    ]);
    expect((await download(headers, fileId)).rawPayload).toEqual(bytes);
  });

  it('answers 404 when the stored object of a linked file is gone', async () => {
    const { headers } = await author();
    const a = await upload(headers, 'borrado.txt', Buffer.from('borrado'));
    const report = (await save(headers, { status: 'BORRADOR', files: [a.file] })).json<Report>();
    fs.rmSync(path.join(t.dataDir, 'files', a.file.objectKey.slice('uploads/'.length)));
    const res = await download(headers, report.files[0]?.id ?? '');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: REPORT_MSG.fileGone });
  });

  it('stores a JSON file as bytes, not as a parsed body', async () => {
    const { headers } = await author();
    const json = Buffer.from('{"a": 1}');
    const ticket = (
      await t.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers,
        payload: {
          fileName: 'datos.json',
          sizeBytes: json.length,
          contentType: 'application/json',
        },
      })
    ).json<UploadTicket>();
    const put = await t.app.inject({
      method: 'PUT',
      url: ticket.uploadURL,
      headers: { 'content-type': 'application/json' },
      payload: json,
    });
    expect(put.statusCode).toBe(200);
    const file = { objectKey: ticket.objectKey, fileName: 'datos.json', sizeBytes: json.length };
    const report = (await save(headers, { status: 'BORRADOR', files: [file] })).json<Report>();
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/download/${report.files[0]?.id}`,
      headers,
    });
    expect(download.body).toBe('{"a": 1}');
  });

  it('keeps a file name without the characters that disguise it', async () => {
    const { headers } = await author();
    const a = await upload(headers, 'acta\u202Efdp.pdf', Buffer.from('%PDF-1.4'));
    const report = (await save(headers, { status: 'BORRADOR', files: [a.file] })).json<Report>();
    expect(report.files.map((f) => f.fileName)).toEqual(['actafdp.pdf']);
  });

  it('unlinks a file left out of the list, and removes unlinked objects after a day', async () => {
    const { headers } = await author();
    const a = await upload(headers, 'queda.txt', Buffer.from('queda'));
    const b = await upload(headers, 'sale.txt', Buffer.from('sale'));
    await save(headers, { status: 'BORRADOR', files: [a.file, b.file] });
    const report = (await save(headers, { status: 'BORRADOR', files: [a.file] })).json<Report>();
    expect(report.files.map((f) => f.fileName)).toEqual(['queda.txt']);
    const stray = await upload(headers, 'nunca.txt', Buffer.from('nunca'));
    const key = (k: string) => k.slice('uploads/'.length);

    expect(await removeUnlinkedUploads(t.ctx)).toBe(0);
    t.clock.advance(24 * 3_600_000 + 1000);
    expect(await removeUnlinkedUploads(t.ctx)).toBeGreaterThanOrEqual(2);
    const left = storedFiles();
    expect(left).toContain(key(a.file.objectKey));
    expect(left).not.toContain(key(b.file.objectKey));
    expect(left).not.toContain(key(stray.file.objectKey));
    t.clock.advance(-(24 * 3_600_000 + 1000));
  });

  it('unlinks every file when a draft is saved without any, and keeps a sent report as it is', async () => {
    const { headers } = await author();
    const a = await upload(headers, 'uno.txt', Buffer.from('uno'));
    await save(headers, { status: 'BORRADOR', files: [a.file] });
    const emptied = (await save(headers, { status: 'BORRADOR', files: [] })).json<Report>();
    expect(emptied.files).toEqual([]);
    const b = await upload(headers, 'dos.txt', Buffer.from('dos'));
    const sent = await save(headers, { ...complete, status: 'ENVIADO', files: [b.file] });
    expect(sent.statusCode, sent.body).toBe(200);
    const refused = await save(headers, { status: 'BORRADOR', files: [] });
    expect(refused.statusCode).toBe(409);
    const current = await t.app.inject({ method: 'GET', url: '/api/appa/current', headers });
    expect(current.json<{ report: Report }>().report.files.map((f) => f.fileName)).toEqual([
      'dos.txt',
    ]);
  });

  it("refuses to move a file from last week's report into this week's", async () => {
    const { headers, user } = await author();
    const a = await upload(headers, 'semana.txt', Buffer.from('semana'));
    await save(headers, { ...complete, status: 'ENVIADO', files: [a.file] });
    t.clock.advance(7 * 24 * 3_600_000);
    const res = await save(await authHeader(t, user), { status: 'BORRADOR', files: [a.file] });
    t.clock.advance(-7 * 24 * 3_600_000);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: REPORT_MSG.fileInOtherReport });
  });
});
