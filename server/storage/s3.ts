import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  attachmentDisposition,
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

/** An S3-compatible bucket: the browser PUTs to and GETs from presigned URLs. */
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
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
        ?.httpStatusCode;
      if (status === 404 || status === 403) return null;
      throw error;
    }
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
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
        ?.httpStatusCode;
      if (status === 404 || status === 403) return null;
      throw error;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }
}
