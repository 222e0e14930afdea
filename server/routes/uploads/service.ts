import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { REPORT_MSG, type UploadRequest, type UploadTicket } from '../../../common/schemas/report';
import type { AppContext } from '../../context';
import { uploads } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { LocalStorage } from '../../adapters/storage/local';
import { ObjectExistsError, UploadTooLargeError } from '../../adapters/storage/local';
import { getSettings } from '../../services/settings';
import { cleanFileName, UNLINKED_UPLOAD_TTL_MS, unlinked } from '../../domain/uploads';

/** How long a signed upload URL stays valid. */
export const UPLOAD_URL_SECONDS = 15 * 60;
/** Uploads a person may have waiting to be linked in one day, whatever the files setting. */
const PENDING_UPLOADS_PER_DAY = 60;

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
    .where(and(eq(uploads.ownerId, ownerId), gt(uploads.createdAt, since), unlinked(ctx)));
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
