import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

/**
 * Where the key that signs upload URLs on local storage is kept: a row of `settings` that the
 * organisation's settings never read (they take only the keys they know), so it travels with the
 * database (a restore brings it) and every process on the database signs alike.
 */
export const UPLOAD_SIGNING_KEY = 'internal.uploadSigningKey';

/**
 * The database's upload-signing key, made on first use. Several instances starting together
 * each propose one; the first insert wins and everyone reads the winner.
 */
export async function uploadSigningKey(db: Db): Promise<Buffer> {
  await db
    .insert(settings)
    .values({ key: UPLOAD_SIGNING_KEY, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, UPLOAD_SIGNING_KEY));
  if (typeof row?.value !== 'string') throw new Error('upload signing key missing from settings');
  return Buffer.from(row.value, 'base64');
}
