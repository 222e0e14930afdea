import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, ObjectExistsError } from './local';

let dir: string;
let storage: LocalStorage;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-local-'));
  storage = new LocalStorage(dir, randomBytes(32));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const KEY = 'uploads/22222222-2222-4222-8222-222222222222';

async function text(key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of (await storage.read(key)) ?? []) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('the local driver', () => {
  it('writes an object once: a second write to its key is refused and changes nothing', async () => {
    expect(await storage.receive(KEY, Readable.from([Buffer.from('primero')]), 100)).toBe(7);
    await expect(
      storage.receive(KEY, Readable.from([Buffer.from('segundo')]), 100),
    ).rejects.toBeInstanceOf(ObjectExistsError);
    expect(await text(KEY)).toBe('primero');
    // Nothing half-written is left beside it.
    expect(fs.readdirSync(dir).filter((f) => !f.startsWith('.'))).toEqual([KEY.slice(8)]);
  });

  it('binds an object where it is, with the size and SHA-256 of its stored bytes', async () => {
    expect(await storage.bind(KEY)).toEqual({
      key: KEY,
      sizeBytes: 7,
      sha256: createHash('sha256').update('primero').digest('hex'),
    });
    expect(await storage.bind('uploads/33333333-3333-4333-8333-333333333333')).toBeNull();
  });
});
