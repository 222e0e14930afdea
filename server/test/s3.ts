import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { S3Storage, type S3Settings } from '../adapters/storage/s3';

/**
 * A real S3-compatible server (s3rver, from npm) on 127.0.0.1 and a free port, with its default
 * credentials and the bucket `appa`; `settings` are what S3_* would configure.
 */
export async function startS3rver() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'appa',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const storage = new S3Storage(settings);
  await storage.client.send(new CreateBucketCommand({ Bucket: 'appa' }));
  return {
    settings,
    storage,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
