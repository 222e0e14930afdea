import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  OBJECT_KEY_PATTERN,
  measure,
  type BoundObject,
  type Download,
  type FileStorage,
  type PresignedUpload,
} from './types';

export class UploadTooLargeError extends Error {}
/** The key already holds an object, which is never replaced. */
export class ObjectExistsError extends Error {}

/**
 * Attachments in a folder under DATA_DIR. The server itself answers the signed, expiring upload
 * URL (`PUT /api/objects/upload/<id>`), signed with the database's key (storage/signing-key.ts)
 * so that every process on the database accepts what another signed. An object is written once: nothing replaces it, so a
 * report binds it where it is.
 */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  readonly connectOrigin = null;

  constructor(
    private readonly root: string,
    private readonly key: Buffer,
    private readonly now: () => Date = () => new Date(),
  ) {
    fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  }

  private pathOf(key: string): string {
    if (!OBJECT_KEY_PATTERN.test(key)) throw new Error(`invalid object key: ${key}`);
    // Uploads sit at the top (where they always have); copies bound by S3, restored here, apart.
    return key.startsWith('uploads/')
      ? path.join(this.root, key.slice('uploads/'.length))
      : path.join(this.root, key);
  }

  private sign(key: string, expires: number): string {
    return createHmac('sha256', this.key).update(`PUT\n${key}\n${expires}`).digest('base64url');
  }

  async presignUpload(
    key: string,
    file: { contentType: string },
    expiresSeconds: number,
  ): Promise<PresignedUpload> {
    const expires = Math.floor(this.now().getTime() / 1000) + expiresSeconds;
    const id = key.slice('uploads/'.length);
    return {
      url: `/api/objects/upload/${id}?expires=${expires}&signature=${this.sign(key, expires)}`,
      headers: { 'content-type': file.contentType },
    };
  }

  /** True when the signature is ours and has not expired. */
  verifyUpload(key: string, expires: number, signature: string): boolean {
    if (!Number.isInteger(expires) || expires * 1000 < this.now().getTime()) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /**
   * Stores the bytes of `body`, refusing (and removing what was written) as soon as they exceed
   * `maxBytes`. Answers the stored size; an empty body stores nothing and answers 0. A key that
   * already holds an object is refused with ObjectExistsError, however the two writes interleave.
   */
  async receive(key: string, body: Readable, maxBytes: number): Promise<number> {
    const target = this.pathOf(key);
    const partial = `${target}.part-${randomBytes(4).toString('hex')}`;
    let received = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > maxBytes) callback(new UploadTooLargeError());
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(body, limiter, fs.createWriteStream(partial, { mode: 0o600 }));
      if (received === 0) return 0;
      // Unlike rename, link never replaces what the key holds.
      await fs.promises.link(partial, target).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new ObjectExistsError() : error;
      });
      return received;
    } finally {
      await fs.promises.rm(partial, { force: true });
    }
  }

  async bind(key: string): Promise<BoundObject | null> {
    const stream = await this.read(key);
    return stream ? { key, ...(await measure(stream)) } : null;
  }

  async stat(key: string) {
    try {
      const s = await fs.promises.stat(this.pathOf(key));
      return { sizeBytes: s.size };
    } catch {
      return null;
    }
  }

  async download(key: string): Promise<Download | null> {
    const stored = await this.stat(key);
    if (!stored) return null;
    return { kind: 'stream', stream: fs.createReadStream(this.pathOf(key)), ...stored };
  }

  async read(key: string): Promise<Readable | null> {
    // A key that is not ours names no object here.
    if (!OBJECT_KEY_PATTERN.test(key)) return null;
    const file = this.pathOf(key);
    try {
      await fs.promises.access(file, fs.constants.R_OK);
    } catch {
      return null;
    }
    return fs.createReadStream(file);
  }

  async delete(key: string) {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async restore(key: string, body: Readable, sizeBytes: number) {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const partial = `${target}.part-${randomBytes(4).toString('hex')}`;
    try {
      await pipeline(body, fs.createWriteStream(partial, { mode: 0o600 }));
      const written = (await fs.promises.stat(partial)).size;
      if (written !== sizeBytes) throw new Error(`${key}: ${written} bytes, expected ${sizeBytes}`);
      await fs.promises.rename(partial, target);
    } finally {
      await fs.promises.rm(partial, { force: true });
    }
  }
}
