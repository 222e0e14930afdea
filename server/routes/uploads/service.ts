import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, count, eq, gt, inArray, lt, notExists, sql } from 'drizzle-orm';
import { REPORT_MSG, type UploadRequest, type UploadTicket } from '../../../common/schemas/report';
import type { AppContext } from '../../context';
import { appaFiles, uploads, type UploadRow } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { LocalStorage } from '../../storage/local';
import { UploadTooLargeError } from '../../storage/local';
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

/** PUT of the local driver's signed URL: stores the bytes within the announced size. */
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
  if (row.completedAt) throw conflict(REPORT_MSG.uploadAlreadyDone);
  if (!body) throw badRequest(REPORT_MSG.fileEmpty);
  const { maxFileBytes } = await getSettings(ctx.db);
  const allowed = Math.min(row.declaredBytes, maxFileBytes);
  let size: number;
  try {
    size = await storage.receive(objectKey, body, allowed);
  } catch (error) {
    if (error instanceof UploadTooLargeError) {
      throw new AppError(413, REPORT_MSG.fileTooLarge(maxFileBytes));
    }
    throw error;
  }
  if (size === 0) {
    await storage.delete(objectKey);
    throw badRequest(REPORT_MSG.fileEmpty);
  }
  await ctx.db
    .update(uploads)
    .set({ sizeBytes: size, completedAt: ctx.clock() })
    .where(eq(uploads.id, row.id));
}

/**
 * The uploads named by a report payload, each checked: it exists, was uploaded by `ownerId`, its
 * bytes are stored, and within the size limit. Marks S3 uploads complete on first sight.
 */
export async function loadOwnUploads(
  ctx: AppContext,
  ownerId: string,
  keys: string[],
  maxFileBytes: number,
): Promise<Map<string, UploadRow>> {
  if (keys.length === 0) return new Map();
  const rows = await ctx.db.select().from(uploads).where(inArray(uploads.objectKey, keys));
  const byKey = new Map(rows.map((r) => [r.objectKey, r]));
  for (const key of keys) {
    const row = byKey.get(key);
    if (!row) throw badRequest(REPORT_MSG.fileNotFound);
    if (row.ownerId !== ownerId) throw forbidden(REPORT_MSG.fileNotYours);
    if (!row.completedAt) {
      const stored = await ctx.storage.stat(key);
      if (!stored || stored.sizeBytes === 0) throw badRequest(REPORT_MSG.fileNotFound);
      if (stored.sizeBytes > Math.min(row.declaredBytes, maxFileBytes)) {
        await ctx.storage.delete(key);
        throw badRequest(REPORT_MSG.fileTooLarge(maxFileBytes));
      }
      const [done] = await ctx.db
        .update(uploads)
        .set({ sizeBytes: stored.sizeBytes, completedAt: ctx.clock() })
        .where(eq(uploads.id, row.id))
        .returning();
      if (done) byKey.set(key, done);
    } else if ((row.sizeBytes ?? 0) > maxFileBytes) {
      throw badRequest(REPORT_MSG.fileTooLarge(maxFileBytes));
    }
  }
  return byKey;
}

/** Removes objects nobody linked to a report within a day (and their rows). Answers how many. */
export async function removeUnlinkedUploads(ctx: AppContext, batch = 500): Promise<number> {
  const before = new Date(ctx.clock().getTime() - UNLINKED_UPLOAD_TTL_MS);
  const stale = await ctx.db
    .select({ id: uploads.id, objectKey: uploads.objectKey })
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
    await ctx.db.delete(uploads).where(eq(uploads.id, upload.id));
  }
  return stale.length;
}
