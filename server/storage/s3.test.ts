import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MSG, type Report, type UploadTicket } from '../../common/schemas/report';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../test/helper';
import { S3Storage } from './s3';

// A real S3-compatible server (s3rver, from npm) on 127.0.0.1, with its default credentials.
let server: S3rver;
let dir: string;
let storage: S3Storage;
let t: TestApp;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = await server.run();
  storage = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'appa',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  await storage.client.send(new CreateBucketCommand({ Bucket: 'appa' }));
  t = await buildTestApp({}, { storage });
});
afterAll(async () => {
  await t.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const KEY = 'uploads/11111111-1111-4111-8111-111111111111';

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
});
