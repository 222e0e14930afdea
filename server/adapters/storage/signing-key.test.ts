import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { getSettings } from '../../services/settings';
import { openTestDatabase } from '../../test/helper';
import { LocalStorage } from './local';
import { UPLOAD_SIGNING_KEY, uploadSigningKey } from './signing-key';

let database: Database;
const dirs: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-signing-'));
  dirs.push(dir);
  return dir;
}

const KEY = 'uploads/33333333-3333-4333-8333-333333333333';

describe('the upload-signing key', () => {
  it('is one per database: processes starting together agree, and a URL one signs, another accepts', async () => {
    const [first, second] = await Promise.all([
      uploadSigningKey(database.db),
      uploadSigningKey(database.db),
    ]);
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
    // Two processes, each with its own folder: the key is not beside the files any more.
    const signerFolder = folder();
    const signer = new LocalStorage(signerFolder, first);
    const checker = new LocalStorage(folder(), await uploadSigningKey(database.db));
    const { url } = await signer.presignUpload(KEY, { contentType: 'text/plain' }, 60);
    const query = new URL(url, 'http://localhost').searchParams;
    expect(
      checker.verifyUpload(KEY, Number(query.get('expires')), query.get('signature') ?? ''),
    ).toBe(true);
    expect(fs.readdirSync(signerFolder)).toEqual([]);
  });

  it('is not one of the organisation settings', async () => {
    await uploadSigningKey(database.db);
    const settings = await getSettings(database.db);
    expect(Object.keys(settings)).not.toContain(UPLOAD_SIGNING_KEY);
    expect(JSON.stringify(settings)).not.toContain(
      (await uploadSigningKey(database.db)).toString('base64'),
    );
  });
});
