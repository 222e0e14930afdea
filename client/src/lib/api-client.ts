import { errorResponseSchema } from '@common/schemas/auth';
// Functions of zod/mini take schemas of both flavours: the shell loads no classic zod, which
// would cost every page's JavaScript budget.
import { safeParse } from 'zod/mini';
import type * as z from 'zod/v4/core';

/** Shown when the request never reached the server (offline, DNS, connection refused). */
export const NETWORK_ERROR_MESSAGE = 'Error de conexión. Intenta nuevamente.';

/**
 * Any failed API call. `status` is the HTTP status, or 0 when no answer arrived; `message` is the
 * server's Spanish `{ message }` when it sent one. Callers decide what to show: this module never
 * toasts or redirects.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }

  get isNetworkError() {
    return this.status === 0;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let message = `${response.status}: ${text || response.statusText}`;
  try {
    const parsed = safeParse(errorResponseSchema, JSON.parse(text));
    if (parsed.success) message = parsed.data.message;
  } catch {
    // Not JSON: keep the status line, so the person still reads what went wrong.
  }
  return new ApiError(response.status, message);
}

async function request<S extends z.$ZodType>(
  method: Method,
  path: string,
  schema: S,
  body?: unknown,
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      // The session is an httpOnly cookie; no token is kept in script-reachable storage.
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) throw await errorFrom(response);

  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = safeParse(schema, json);
  if (!parsed.success) {
    throw new ApiError(response.status, `Respuesta inesperada del servidor (${method} ${path})`);
  }
  return parsed.data;
}

export const api = {
  get: <S extends z.$ZodType>(path: string, schema: S) => request('GET', path, schema),
  post: <S extends z.$ZodType>(path: string, schema: S, body?: unknown) =>
    request('POST', path, schema, body),
  put: <S extends z.$ZodType>(path: string, schema: S, body?: unknown) =>
    request('PUT', path, schema, body),
  patch: <S extends z.$ZodType>(path: string, schema: S, body?: unknown) =>
    request('PATCH', path, schema, body),
  delete: <S extends z.$ZodType>(path: string, schema: S) => request('DELETE', path, schema),
};
