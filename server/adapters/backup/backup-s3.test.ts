import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appaFiles, uploads } from '../../db/schema';
import { collect, entriesOf, manifestOf, sha256 } from '../../test/archive';
import { buildReport } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { S3Storage } from '../storage/s3';
import { createBackup } from './create';
import { restoreArchive } from './restore';

// A real S3-compatible server (s3rver, from npm) on 127.0.0.1, with its default credentials.
let server: S3rver;
let dir: string;
let endpoint: string;
let source: TestApp;
let s3Copy: TestApp;
let localCopy: TestApp;
const NOW = new Date('2026-11-18T15:00:00Z');
const bytes = randomBytes(2 * 1024 * 1024 + 3);

async function bucket(name: string) {
  const storage = new S3Storage({
    endpoint,
    bucket: name,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  await storage.client.send(new CreateBucketCommand({ Bucket: name }));
  return storage;
}

let author: Awaited<ReturnType<typeof buildUser>>;
let fileId = '';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-s3-backup-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // One at a time: PostgreSQL clones a template for one connection at once.
  source = await buildTestApp({}, { storage: await bucket('appa') });
  s3Copy = await buildTestApp({}, { storage: await bucket('appa-copia') });
  localCopy = await buildTestApp();

  author = await buildUser(source, { role: 'LIDER' });
  const report = await buildReport(source, { user: author, status: 'ENVIADO' });
  // As S3 keeps a linked attachment: the upload, and the copy bound for the report.
  const uploaded = `uploads/${randomUUID()}`;
  const bound = `bound/${randomUUID()}`;
  for (const key of [uploaded, bound])
    await source.ctx.storage.restore(key, Readable.from([bytes]), bytes.length);
  await source.db.insert(uploads).values({
    objectKey: uploaded,
    ownerId: author.id,
    fileName: 'plan.bin',
    declaredBytes: bytes.length,
    sizeBytes: bytes.length,
    completedAt: NOW,
    boundKey: bound,
    sha256: sha256(bytes),
  });
  const [file] = await source.db
    .insert(appaFiles)
    .values({
      submissionId: report.id,
      fileName: 'plan.bin',
      storagePath: uploaded,
      sizeBytes: bytes.length,
      boundKey: bound,
      sha256: sha256(bytes),
    })
    .returning();
  fileId = file?.id ?? '';
});
afterAll(async () => {
  for (const t of [source, s3Copy, localCopy]) await t?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The bytes a download of the attachment serves, from either storage. */
async function downloaded(t: TestApp) {
  const headers = await authHeader(t, author);
  const res = await t.app.inject({ method: 'GET', url: `/api/files/download/${fileId}`, headers });
  if (res.statusCode === 302)
    return Buffer.from(await (await fetch(String(res.headers.location))).arrayBuffer());
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('backup and restore with attachments on S3', () => {
  it('round-trips into another bucket, and into local storage, with the same content', async () => {
    const archive = await collect((await createBackup(source.ctx, NOW)).stream);
    const first = manifestOf(await entriesOf(archive));
    expect(first.source.storage).toBe('s3');
    expect(first.files.map((f) => f.key.split('/')[0]).sort()).toEqual(['bound', 'uploads']);

    for (const copy of [s3Copy, localCopy]) {
      await restoreArchive(
        { db: copy.db, storage: copy.ctx.storage },
        () => Readable.from([archive]),
        NOW,
      );
      const again = manifestOf(
        await entriesOf(await collect((await createBackup(copy.ctx, NOW)).stream)),
      );
      for (const [name, entry] of Object.entries(first.entries))
        if (name !== 'tables/settings.jsonl' && name !== 'tables/audit_log.jsonl')
          expect(again.entries[name], `${copy.ctx.storage.kind} ${name}`).toEqual(entry);
      expect(sha256(await downloaded(copy))).toBe(sha256(bytes));
    }
  });
});
