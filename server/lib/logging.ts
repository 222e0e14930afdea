import type { FastifyError, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Query parameters that carry a credential or what a stranger chose: sign-in link tokens, URL
 * signatures, and what an OpenID Connect provider sends back (code, state, tokens, its words).
 */
const SECRET_PARAM =
  /^(token|signature|x-amz-signature|x-amz-credential|x-amz-security-token|code|state|id_token|access_token|error_description|session_state)$/i;
const HIDDEN = 'REDACTED';

/**
 * `url` with the values of its credential parameters hidden, for logs: a sign-in link or a signed
 * upload address kept in a log file would let whoever reads it use it.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const params = new URLSearchParams(url.slice(start + 1));
  let hidden = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAM.test(key)) {
      params.set(key, HIDDEN);
      hidden = true;
    }
  }
  return hidden ? `${url.slice(0, start)}?${params.toString()}` : url;
}

/** The values a failed query was given (Drizzle's `params:` line), up to the stack's frames. */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

/**
 * An error as it is logged: its type, message, stack, own fields and causes, with the values of a
 * failed query left out (they can be a webhook's signing secret, a password hash, a token).
 */
export function serializeError(
  error: Error,
  seen = new Set<unknown>(),
): { [key: string]: unknown; type: string; message: string; stack: string } {
  seen.add(error);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'params' && key !== 'cause') fields[key] = value;
  }
  const { cause } = error;
  return {
    type: error.constructor.name,
    ...fields,
    message: String(error.message).replace(QUERY_PARAMS, ''),
    stack: String(error.stack ?? '').replace(QUERY_PARAMS, ''),
    ...(cause === undefined
      ? {}
      : {
          cause: cause instanceof Error && !seen.has(cause) ? serializeError(cause, seen) : cause,
        }),
  };
}

/**
 * The server's logger: a request is logged by what identifies it, never its headers (where sessions
 * travel), its address with credential parameters hidden, and no failed query's values.
 */
export function loggerOptions(
  level: string,
  extra: { stream?: { write(line: string): void } } = {},
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...extra,
    serializers: {
      err: (error: FastifyError) => serializeError(error),
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
    },
  };
}
