import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import { MSG } from '../../common/messages';
import { sendError } from '../lib/error-page';
import { AppError } from '../lib/errors';

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
]);

function isDatabaseDown(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DB_DOWN_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && /Connection terminated|connection.*closed/i.test(message))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// Text the database cannot store (a NUL character, 22021, in any field that reaches it) is the
// caller's input, not our failure; schemas let it through because it is valid JSON.
const DB_BAD_TEXT_CODES = new Set(['22021', '22P05']);
// So is a date it cannot hold (the year 0000, 22008) that a date-shaped schema accepted.
const DB_BAD_DATE_CODES = new Set(['22007', '22008']);

/** Whether the database refused the error's statement with one of `codes`. */
function refusedWith(error: unknown, codes: ReadonlySet<string>): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Fastify's own 4xx errors, answered with a Spanish message. */
function frameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MSG.invalidJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MSG.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return MSG.unsupportedMediaType;
    default:
      if (error instanceof SyntaxError) return MSG.invalidJson;
      return error.statusCode === 429 ? MSG.tooManyRequests : MSG.invalidInput;
  }
}

/** What Node's HTTP parser refuses before Fastify sees a request, as Fastify's default counts it. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: MSG.requestTimeout },
  HPE_HEADER_OVERFLOW: { status: 431, message: MSG.headersTooLarge },
};

/**
 * Fastify's `clientErrorHandler`: a request Node could not read (an address or headers past the
 * 16 KiB limit, a request that never finished, bytes that are not HTTP) gets the same Spanish
 * `{ message }` as any refusal instead of Fastify's English, and the connection closes.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    message: MSG.malformedRequest,
  };
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'content-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        'connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * The one error handler: every 4xx answers `{ message }` in Spanish; anything unexpected is
 * logged with its request id and answered with a generic message, never a stack.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.statusCode, error.message, error.headers);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(request, reply, status, frameworkMessage(error));
    }
    if (refusedWith(error, DB_BAD_TEXT_CODES)) {
      return sendError(request, reply, 400, MSG.unsupportedCharacters);
    }
    if (refusedWith(error, DB_BAD_DATE_CODES)) {
      return sendError(request, reply, 400, MSG.unsupportedDate);
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error, reqId: request.id }, 'database unavailable');
      return sendError(request, reply, 503, MSG.databaseUnavailable);
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return sendError(request, reply, 500, MSG.serverError);
  });
}
