import { and, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { REPORT_MSG } from '../../common/schemas/report';
import type { AppContext } from '../context';
import { appaFiles, uploads, type FileRow, type UploadRow } from '../db/schema';
import { badRequest, forbidden } from '../lib/errors';
import type { BoundObject } from '../adapters/storage/types';

/** How long a signed download URL stays valid. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;
/** Unlinked objects older than this are removed. */
export const UNLINKED_UPLOAD_TTL_MS = 24 * 3_600_000;

/**
 * The name people will see and download: without control characters and without the invisible
 * format characters (right-to-left override, zero-width marks) that make 'factura' + U+202E +
 * 'fdp.exe' read as 'facturaexe.pdf'; slashes, which a file system would read as folders, become
 * '_'. The stored object's name is generated anyway.
 */
export function cleanFileName(name: string): string {
  const cleaned = name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[/\\]/g, '_')
    .trim();
  return cleaned.slice(0, 255) || 'archivo';
}

/** An upload as a report links it: the bytes it is bound to. */
export type BoundUpload = Pick<BoundObject, 'sizeBytes' | 'sha256'> & { boundKey: string };

/**
 * The uploads named by a report payload, each checked (it exists, was uploaded by `ownerId`, its
 * bytes are stored, within the size limit) and bound: the first time a report links an upload,
 * the storage fixes its bytes where no upload URL can write them, and their size and SHA-256 are
 * measured from what is stored, never taken from the browser.
 */
export async function bindOwnUploads(
  ctx: AppContext,
  ownerId: string,
  keys: string[],
  maxFileBytes: number,
): Promise<Map<string, BoundUpload>> {
  if (keys.length === 0) return new Map();
  const rows = await ctx.db.select().from(uploads).where(inArray(uploads.objectKey, keys));
  const byKey = new Map(rows.map((r) => [r.objectKey, r]));
  const bound = new Map<string, BoundUpload>();
  for (const key of keys) {
    const row = byKey.get(key);
    if (!row) throw badRequest(REPORT_MSG.fileNotFound);
    if (row.ownerId !== ownerId) throw forbidden(REPORT_MSG.fileNotYours);
    const upload = boundUploadOf(row) ?? (await bindUpload(ctx, row, maxFileBytes));
    if (upload.sizeBytes > maxFileBytes) throw badRequest(REPORT_MSG.fileTooLarge(maxFileBytes));
    bound.set(key, upload);
  }
  return bound;
}

function boundUploadOf(row: UploadRow): BoundUpload | null {
  const { boundKey, sha256, sizeBytes } = row;
  return boundKey && sha256 && sizeBytes !== null ? { boundKey, sha256, sizeBytes } : null;
}

async function bindUpload(
  ctx: AppContext,
  row: UploadRow,
  maxFileBytes: number,
): Promise<BoundUpload> {
  const object = await ctx.storage.bind(row.objectKey);
  // Removes the copy a binding made, when it made one.
  const dropCopy = async () => {
    if (object && object.key !== row.objectKey) await ctx.storage.delete(object.key);
  };
  if (!object || object.sizeBytes === 0) {
    await dropCopy();
    throw badRequest(REPORT_MSG.fileNotFound);
  }
  if (object.sizeBytes > row.declaredBytes) {
    await dropCopy();
    await ctx.storage.delete(row.objectKey);
    throw badRequest(REPORT_MSG.fileTooLarge(maxFileBytes));
  }
  const [done] = await ctx.db
    .update(uploads)
    .set({
      boundKey: object.key,
      sha256: object.sha256,
      sizeBytes: object.sizeBytes,
      completedAt: row.completedAt ?? ctx.clock(),
    })
    .where(and(eq(uploads.id, row.id), isNull(uploads.boundKey)))
    .returning({ id: uploads.id });
  if (!done) {
    // A save at the same moment bound it first: its binding stands.
    await dropCopy();
    const [again] = await ctx.db.select().from(uploads).where(eq(uploads.id, row.id));
    const theirs = again && boundUploadOf(again);
    if (!theirs) throw badRequest(REPORT_MSG.fileNotFound);
    return theirs;
  }
  // Once a copy is bound, the uploaded object is never read again.
  if (object.key !== row.objectKey) await ctx.storage.delete(row.objectKey);
  return { boundKey: object.key, sha256: object.sha256, sizeBytes: object.sizeBytes };
}

/** The object a linked file's bytes are read from (where they were, for a file never bound). */
export function boundObjectKey(file: Pick<FileRow, 'boundKey' | 'storagePath'>): string {
  return file.boundKey ?? file.storagePath;
}

/** A condition on `uploads` rows: no report links the upload. */
export function unlinked(ctx: AppContext) {
  return notExists(
    ctx.db
      .select({ one: sql`1` })
      .from(appaFiles)
      .where(eq(appaFiles.storagePath, uploads.objectKey)),
  );
}

/** Removes objects nobody linked to a report within a day (and their rows). Answers how many. */
export async function removeUnlinkedUploads(ctx: AppContext, batch = 500): Promise<number> {
  const before = new Date(ctx.clock().getTime() - UNLINKED_UPLOAD_TTL_MS);
  const stale = await ctx.db
    .select({ id: uploads.id, objectKey: uploads.objectKey, boundKey: uploads.boundKey })
    .from(uploads)
    .where(and(lt(uploads.createdAt, before), unlinked(ctx)))
    .limit(batch);
  for (const upload of stale) {
    await ctx.storage.delete(upload.objectKey);
    // A file linked once and then left out of its report keeps a bound copy.
    if (upload.boundKey && upload.boundKey !== upload.objectKey) {
      await ctx.storage.delete(upload.boundKey);
    }
    await ctx.db.delete(uploads).where(eq(uploads.id, upload.id));
  }
  return stale.length;
}
