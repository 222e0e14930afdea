import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  attachmentDisposition,
  measure,
  type BoundObject,
  type Download,
  type FileStorage,
  type PresignedUpload,
} from './types';

export interface S3Settings {
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Whether an SDK error is S3 saying the object is not there (or not ours to see). */
function isMissing(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404 || status === 403;
}

/**
 * An S3-compatible bucket: the browser PUTs to and GETs from presigned URLs. A presigned PUT can
 * be used again until it expires, and not every S3-compatible server honours a conditional
 * write; so a report never reads the uploaded object: it binds a copy under a key that no URL is
 * ever signed for.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  readonly connectOrigin: string | null;
  readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      // A presigned PUT must not carry a checksum of a body the SDK never saw.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
    this.connectOrigin = settings.endpoint
      ? new URL(settings.endpoint).origin
      : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
  }

  async presignUpload(
    key: string,
    file: { sizeBytes: number; contentType: string },
    expiresSeconds: number,
  ): Promise<PresignedUpload> {
    // The length and type are signed: S3 refuses a body of any other size.
    const command = new PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ContentLength: file.sizeBytes,
      ContentType: file.contentType,
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: expiresSeconds,
      signableHeaders: new Set(['content-length', 'content-type']),
    });
    return { url, headers: { 'content-type': file.contentType } };
  }

  async stat(key: string) {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      return { sizeBytes: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async bind(key: string): Promise<BoundObject | null> {
    // A key of its own for every binding: two at once never write the same copy.
    const bound = `bound/${randomUUID()}`;
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.settings.bucket,
          Key: bound,
          CopySource: `${this.settings.bucket}/${key}`,
        }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    // Measured from the copy, which nothing else writes: what is hashed is what is served.
    const copy = await this.read(bound);
    if (!copy) return null;
    return { key: bound, ...(await measure(copy)) };
  }

  async download(key: string, fileName: string, expiresSeconds: number): Promise<Download> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ResponseContentDisposition: attachmentDisposition(fileName),
      ResponseContentType: 'application/octet-stream',
    });
    return {
      kind: 'redirect',
      url: await getSignedUrl(this.client, command, { expiresIn: expiresSeconds }),
    };
  }

  async read(key: string): Promise<Readable | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      // In Node the SDK's body is an IncomingMessage, a Readable.
      return (object.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async restore(key: string, body: Readable, sizeBytes: number) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: body,
        ContentLength: sizeBytes,
        ContentType: 'application/octet-stream',
      }),
    );
  }
}
