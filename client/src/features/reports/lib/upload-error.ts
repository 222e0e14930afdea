import { REPORT_MSG } from '@common/schemas/report';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

const GENERIC = 'No se pudo subir el archivo. Intenta nuevamente.';

/** The `{ message }` of a JSON answer (this server's), if that is what the body is. */
function serverMessage(body: unknown): string | null {
  if (typeof body !== 'string' || body === '') return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      return typeof parsed.message === 'string' ? parsed.message : null;
    }
  } catch {
    // S3 answers XML.
  }
  return null;
}

/**
 * Why an upload failed, in the words of the rest of the page, or null to keep Uppy's own text.
 * Asking for the URL fails with our ApiError (already the server's Spanish message); the PUT fails
 * with the S3 client's errors, which carry a `code`, and on an answer its `status` and `body`
 * (read as properties: class names do not survive minification).
 */
export function uploadErrorMessage(error: unknown, maxFileBytes: number): string | null {
  if (error instanceof ApiError || !(error instanceof Error)) return null;
  if ('code' in error && error.code === 'NETWORK') return NETWORK_ERROR_MESSAGE;
  const status = 'status' in error && typeof error.status === 'number' ? error.status : null;
  if (status === null) return null;
  const fromServer = serverMessage('body' in error ? error.body : null);
  if (fromServer) return fromServer;
  if (status === 413 || status === 400) return REPORT_MSG.fileTooLarge(maxFileBytes);
  if (status === 403) return REPORT_MSG.uploadExpired;
  return GENERIC;
}
