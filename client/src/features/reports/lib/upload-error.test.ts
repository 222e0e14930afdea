import { REPORT_MSG } from '@common/schemas/report';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { uploadErrorMessage } from './upload-error';

const MAX = 10 * 1024 * 1024;

/** What the S3 client of @uppy/aws-s3 throws when the PUT gets an answer. */
function serviceError(status: number, body: string) {
  return Object.assign(new Error(`S3 returned ${status}`), { code: undefined, status, body });
}

describe('uploadErrorMessage', () => {
  it("keeps the server's own words when asking for the upload URL failed", () => {
    expect(uploadErrorMessage(new ApiError(400, REPORT_MSG.fileEmpty), MAX)).toBeNull();
  });

  it('says "Error de conexión" when the bytes could not leave', () => {
    const error = Object.assign(new Error('Network error during S3 request'), { code: 'NETWORK' });
    expect(uploadErrorMessage(error, MAX)).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("prefers this server's JSON message, then reads S3's status", () => {
    const local = serviceError(413, JSON.stringify({ message: 'Mensaje del servidor' }));
    expect(uploadErrorMessage(local, MAX)).toBe('Mensaje del servidor');
    const xml = '<Error><Code>EntityTooLarge</Code></Error>';
    expect(uploadErrorMessage(serviceError(413, xml), MAX)).toBe(REPORT_MSG.fileTooLarge(MAX));
    expect(uploadErrorMessage(serviceError(403, xml), MAX)).toBe(REPORT_MSG.uploadExpired);
    expect(uploadErrorMessage(serviceError(500, ''), MAX)).toBe(
      'No se pudo subir el archivo. Intenta nuevamente.',
    );
  });

  it("leaves anything else to Uppy's text", () => {
    expect(uploadErrorMessage(new Error('otra cosa'), MAX)).toBeNull();
    expect(uploadErrorMessage('texto', MAX)).toBeNull();
  });
});
