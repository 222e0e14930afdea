import { createHash } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MSG, type Report, type UploadTicket } from '../../../common/schemas/report';
import { appaFiles, uploads } from '../../db/schema';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { requestTicket } from '../../test/uploads';
import { startS3rver } from '../../test/s3';
import type { S3Storage } from './s3';

let s3: Awaited<ReturnType<typeof startS3rver>>;
let storage: S3Storage;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3rver();
  storage = s3.storage;
  t = await buildTestApp({}, { storage });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const KEY = 'uploads/11111111-1111-4111-8111-111111111111';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const complete = { avances: 'Avance de la semana', planes: 'Planes de la semana' };

/** A ticket for `bytes`, and their PUT to its presigned URL, as the browser does. */
async function uploadToBucket(headers: Record<string, string>, fileName: string, bytes: Buffer) {
  const ticket = await requestTicket(t, headers, {
    fileName,
    sizeBytes: bytes.length,
    contentType: 'text/plain',
  });
  const put = (body: Buffer) =>
    fetch(ticket.uploadURL, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(body) });
  expect((await put(bytes)).status).toBe(200);
  return { ticket, put, file: { objectKey: ticket.objectKey, fileName, sizeBytes: bytes.length } };
}

/** The bytes a download of the file serves (through its presigned redirect). */
async function downloaded(headers: Record<string, string>, fileId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/files/download/${fileId}`, headers });
  expect(res.statusCode).toBe(302);
  return Buffer.from(await (await fetch(String(res.headers.location))).arrayBuffer());
}

describe('the S3 driver', () => {
  it('presigns a PUT that signs the length and type, and no checksum of an unseen body', async () => {
    const signed = await storage.presignUpload(
      KEY,
      { sizeBytes: 5, contentType: 'text/plain' },
      900,
    );
    const url = new URL(signed.url);
    expect(url.pathname).toBe(`/appa/${KEY}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);
    expect(signed.headers).toEqual({ 'content-type': 'text/plain' });
  });

  it('stores, stats, serves as an attachment and deletes an object', async () => {
    const signed = await storage.presignUpload(
      KEY,
      { sizeBytes: 5, contentType: 'text/plain' },
      60,
    );
    const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: 'hola!' });
    expect(put.status).toBe(200);
    expect(await storage.stat(KEY)).toEqual({ sizeBytes: 5 });
    const download = await storage.download(KEY, 'informe año.txt', 60);
    if (download.kind !== 'redirect') throw new Error('expected a presigned URL');
    const got = await fetch(download.url);
    expect(await got.text()).toBe('hola!');
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="informe a_o.txt"; filename*=UTF-8''informe%20a%C3%B1o.txt`,
    );
    const read = await storage.read(KEY);
    const chunks: Buffer[] = [];
    for await (const chunk of read ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('hola!');
    await storage.delete(KEY);
    expect(await storage.stat(KEY)).toBeNull();
    expect(await storage.read(KEY)).toBeNull();
  });

  it('carries the whole report flow: ticket, direct PUT, link, download by redirect', async () => {
    const user = await buildUser(t);
    const headers = await authHeader(t, user);
    const bytes = Buffer.from('contenido del informe');
    const ticket = (
      await t.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers,
        payload: { fileName: 'informe.txt', sizeBytes: bytes.length, contentType: 'text/plain' },
      })
    ).json<UploadTicket>();
    expect(ticket.uploadURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/appa\/uploads\//);
    const file = { objectKey: ticket.objectKey, fileName: 'informe.txt', sizeBytes: bytes.length };

    // Not uploaded yet: the server looks in the bucket and refuses.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers,
      payload: { status: 'BORRADOR', files: [file] },
    });
    expect(early.json()).toEqual({ message: REPORT_MSG.fileNotFound });

    await fetch(ticket.uploadURL, { method: 'PUT', headers: ticket.headers, body: bytes });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers,
      payload: { status: 'BORRADOR', files: [file] },
    });
    const report = saved.json<Report>();
    expect(report.files).toMatchObject([{ fileName: 'informe.txt', sizeBytes: bytes.length }]);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/download/${report.files[0]?.id}`,
      headers,
    });
    expect(download.statusCode).toBe(302);
    expect(await (await fetch(String(download.headers.location))).text()).toBe(
      'contenido del informe',
    );
  });

  it('removes an object larger than announced when it is linked, and refuses it', async () => {
    const user = await buildUser(t);
    const headers = await authHeader(t, user);
    const ticket = (
      await t.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers,
        payload: { fileName: 'a.txt', sizeBytes: 3, contentType: 'text/plain' },
      })
    ).json<UploadTicket>();
    // Real S3 refuses a body whose length differs from the signed one; check anyway.
    await storage.client.send(
      new PutObjectCommand({
        Bucket: 'appa',
        Key: ticket.objectKey,
        Body: 'mucho más largo',
      }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers,
      payload: {
        status: 'BORRADOR',
        files: [{ objectKey: ticket.objectKey, fileName: 'a.txt', sizeBytes: 3 }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: REPORT_MSG.fileTooLarge(10 * 1024 * 1024) });
    expect(await storage.stat(ticket.objectKey)).toBeNull();
  });

  it('binds a sent file: a later PUT to its upload URL changes nothing served, and size and hash are recorded', async () => {
    const user = await buildUser(t);
    const headers = await authHeader(t, user);
    const original = Buffer.from('acta original firmada');
    const swapped = Buffer.from('ACTA ORIGINAL FIRMADA');
    const a = await uploadToBucket(headers, 'acta.txt', original);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers,
      payload: { ...complete, status: 'ENVIADO', files: [a.file] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const report = sent.json<Report>();
    const [row] = await t.db.select().from(appaFiles).where(eq(appaFiles.submissionId, report.id));
    expect(row).toMatchObject({ sizeBytes: original.length, sha256: sha256(original) });
    // The bytes were bound under a key of their own; the upload's object is gone.
    expect(row?.boundKey).not.toBe(a.ticket.objectKey);
    expect(await storage.stat(a.ticket.objectKey)).toBeNull();

    // The presigned URL still works for a while on S3, and nothing refuses it there.
    await a.put(swapped);
    const fileId = report.files[0]?.id ?? '';
    expect(await downloaded(headers, fileId)).toEqual(original);
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/appa/export/zip?ids=${report.id}`,
      headers,
    });
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    const entry = Object.entries(entries).find(([name]) => name.endsWith('/acta.txt'));
    expect(Buffer.from(entry?.[1] ?? [])).toEqual(original);
  });

  it('never moves the bytes of a file an older report links, when a newer report names it', async () => {
    const user = await buildUser(t);
    const headers = await authHeader(t, user);
    const bytes = Buffer.from('informe de la semana pasada');
    const a = await uploadToBucket(headers, 'pasada.txt', bytes);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers,
      payload: { ...complete, status: 'ENVIADO', files: [a.file] },
    });
    const report = sent.json<Report>();
    // As a file linked before links were bound: its bytes at the upload's key, nothing bound.
    await storage.client.send(
      new PutObjectCommand({ Bucket: 'appa', Key: a.ticket.objectKey, Body: bytes }),
    );
    await t.db
      .update(appaFiles)
      .set({ sha256: null, boundKey: null })
      .where(eq(appaFiles.submissionId, report.id));
    await t.db
      .update(uploads)
      .set({ sha256: null, boundKey: null })
      .where(eq(uploads.objectKey, a.ticket.objectKey));

    t.clock.advance(7 * 24 * 3_600_000);
    try {
      const next = await t.app.inject({
        method: 'POST',
        url: '/api/appa',
        headers: await authHeader(t, user),
        payload: { status: 'BORRADOR', files: [a.file] },
      });
      expect(next.statusCode).toBe(400);
      expect(next.json()).toEqual({ message: REPORT_MSG.fileInOtherReport });
    } finally {
      t.clock.advance(-7 * 24 * 3_600_000);
    }
    expect(await downloaded(headers, report.files[0]?.id ?? '')).toEqual(bytes);
  });

  it('serves exactly the bytes it hashed when a PUT races the send, and keeps them', async () => {
    const user = await buildUser(t);
    const headers = await authHeader(t, user);
    const first = Buffer.alloc(32 * 1024, 'a');
    const a = await uploadToBucket(headers, 'plano.txt', first);
    const [sent] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/appa',
        headers,
        payload: { ...complete, status: 'ENVIADO', files: [a.file] },
      }),
      a.put(Buffer.alloc(32 * 1024, 'b')),
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    const report = sent.json<Report>();
    const fileId = report.files[0]?.id ?? '';
    const served = await downloaded(headers, fileId);
    const [row] = await t.db.select().from(appaFiles).where(eq(appaFiles.id, fileId));
    expect(row?.sha256).toBe(sha256(served));
    expect(row?.sizeBytes).toBe(first.length);

    await a.put(Buffer.alloc(32 * 1024, 'c'));
    expect(await downloaded(headers, fileId)).toEqual(served);
  });
});
