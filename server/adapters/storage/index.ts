import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import { uploadSigningKey } from './signing-key';
import type { FileStorage } from './types';

export async function createStorage(
  config: Config,
  db: Db,
  now?: () => Date,
): Promise<FileStorage> {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(path.join(config.dataDir, 'files'), await uploadSigningKey(db), now);
}

/**
 * The configured storage for copying objects in and out (the backup commands), which signs no
 * upload URL: it needs no key, nor a database that may not be migrated yet.
 */
export function objectStorage(config: Config): FileStorage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(path.join(config.dataDir, 'files'), randomBytes(32));
}
