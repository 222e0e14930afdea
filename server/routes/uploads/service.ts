import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, count, eq, gt, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { REPORT_MSG, type UploadRequest, type UploadTicket } from '../../../common/schemas/report';
import type { AppContext } from '../../context';
import { appaFiles, uploads, type FileRow, type UploadRow } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { LocalStorage } from '../../adapters/storage/local';
import { ObjectExistsError, UploadTooLargeError } from '../../adapters/storage/local';
import type { BoundObject } from '../../adapters/storage/types';
import { getSettings } from '../../services/settings';

/** How long a signed upload or download URL stays valid. */
export const UPLOAD_URL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_SECONDS = 5 * 60;
/** Unlinked objects older than this are removed. */
export const UNLINKED_UPLOAD_TTL_MS = 24 * 3_600_000;
/** Uploads a person may have waiting to be linked in one day, whatever the files setting. */
const PENDING_UPLOADS_PER_DAY = 60;

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

/** POST /api/objects/upload: checks the announced file against the limits, then signs a URL. */
export async function requestUpload(
  ctx: AppContext,
  ownerId: string,
  input: UploadRequest,
): Promise<UploadTicket> {
  const { maxFileBytes } = await getSettings(ctx.db);
  if (input.sizeBytes > maxFileBytes) throw badRequest(REPORT_MSG.fileTooLarge(maxFileBytes));
  const now = ctx.clock();
  const since = new Date(now.getTime() - UNLINKED_UPLOAD_TTL_MS);
  const [pending] = await ctx.db
    .select({ n: count() })
    .from(uploads)
    .where(
      and(
        eq(uploads.ownerId, ownerId),
        gt(uploads.createdAt, since),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(appaFiles)
            .where(eq(appaFiles.storagePath, uploads.objectKey)),
        ),
      ),
    );
  if ((pending?.n ?? 0) >= PENDING_UPLOADS_PER_DAY)
    throw new AppError(429, REPORT_MSG.tooManyPendingUploads);

  const objectKey = `uploads/${randomUUID()}`;
  const contentType = safeContentType(input.contentType);
  await ctx.db.insert(uploads).values({
    objectKey,
    ownerId,
    fileName: cleanFileName(input.fileName),
    declaredBytes: input.sizeBytes,
    contentType,
    createdAt: now,
  });
  const signed = await ctx.storage.presignUpload(
    objectKey,
    { sizeBytes: input.sizeBytes, contentType },
    UPLOAD_URL_SECONDS,
  );
  return { uploadURL: signed.url, headers: signed.headers, objectKey };
}

function safeContentType(type: string | undefined): string {
  return type && /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream';
}

/**
 * PUT of the local driver's signed URL: stores the bytes within the announced size. A ticket is
 * written once: the PUT claims it before reading a byte, so a second PUT, even one racing the
 * first, is refused; a PUT that stored nothing gives the claim back.
 */
export async function receiveLocalUpload(
  ctx: AppContext,
  storage: LocalStorage,
  objectKey: string,
  signature: { expires: number; signature: string },
  body: Readable | undefined,
): Promise<void> {
  if (!storage.verifyUpload(objectKey, signature.expires, signature.signature)) {
    throw forbidden(REPORT_MSG.uploadExpired);
  }
  const [row] = await ctx.db
    .select()
    .from(uploads)
    .where(eq(uploads.objectKey, objectKey))
    .limit(1);
  if (!row) throw notFound(REPORT_MSG.uploadExpired);
  if (!body) throw badRequest(REPORT_MSG.fileEmpty);
  const [claimed] = await ctx.db
    .update(uploads)
    .set({ claimedAt: ctx.clock() })
    .where(and(eq(uploads.id, row.id), isNull(uploads.claimedAt), isNull(uploads.completedAt)))
    .returning({ id: uploads.id });
  if (!claimed) throw conflict(REPORT_MSG.uploadAlreadyDone);

  const release = () =>
    ctx.db.update(uploads).set({ claimedAt: null }).where(eq(uploads.id, row.id));
  const { maxFileBytes } = await getSettings(ctx.db);
  const allowed = Math.min(row.declaredBytes, maxFileBytes);
  let size: number;
  try {
    size = await storage.receive(objectKey, body, allowed);
  } catch (error) {
    // The key already holds an object: the ticket stays used.
    if (error instanceof ObjectExistsError) throw conflict(REPORT_MSG.uploadAlreadyDone);
    await release();
    if (error instanceof UploadTooLargeError) {
      throw new AppError(413, REPORT_MSG.fileTooLarge(maxFileBytes));
    }
    throw error;
  }
  if (size === 0) {
    await release();
    throw badRequest(REPORT_MSG.fileEmpty);
  }
  await ctx.db
    .update(uploads)
    .set({ sizeBytes: size, completedAt: ctx.clock() })
    .where(eq(uploads.id, row.id));
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

/** Removes objects nobody linked to a report within a day (and their rows). Answers how many. */
export async function removeUnlinkedUploads(ctx: AppContext, batch = 500): Promise<number> {
  const before = new Date(ctx.clock().getTime() - UNLINKED_UPLOAD_TTL_MS);
  const stale = await ctx.db
    .select({ id: uploads.id, objectKey: uploads.objectKey, boundKey: uploads.boundKey })
    .from(uploads)
    .where(
      and(
        lt(uploads.createdAt, before),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(appaFiles)
            .where(eq(appaFiles.storagePath, uploads.objectKey)),
        ),
      ),
    )
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
