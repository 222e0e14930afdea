import path from 'node:path';
import type { Config } from '../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { FileStorage } from './types';

export function createStorage(config: Config, now?: () => Date): FileStorage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(path.join(config.dataDir, 'files'), now);
}
