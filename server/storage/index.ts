import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/client';
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
