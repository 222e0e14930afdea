import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters that carry a credential: sign-in link tokens and URL signatures. */
const SECRET_PARAM = /^(token|signature|x-amz-signature|x-amz-credential|x-amz-security-token)$/i;
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

/**
 * The server's logger: a request is logged by what identifies it, never its headers (where sessions
 * travel), and its address with credential parameters hidden.
 */
export function loggerOptions(
  level: string,
  extra: { stream?: { write(line: string): void } } = {},
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...extra,
    serializers: {
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
