import { createHmac, randomBytes } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MSG, WEBHOOK_SECRET_PREFIX } from '../../common/schemas/webhooks';

/**
 * How a webhook leaves the server: its secret and signature (Standard Webhooks), the addresses it
 * may go to, and one POST that follows no redirect, waits a bounded time and keeps only the start
 * of the answer.
 */

/** How long a receiver has to answer, connection included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The start of a receiver's answer kept with a failure; the rest is never read. */
const EXCERPT_BYTES = 200;
/** How long registering an endpoint waits for its name to resolve. */
const LOOKUP_TIMEOUT_MS = 5_000;
export const WEBHOOK_USER_AGENT = 'APPA-Webhooks/1.0';

/** A new signing secret: 256 random bits, base64, prefixed as Standard Webhooks libraries read it. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header: `v1,` and the base64 HMAC-SHA256, keyed with the secret's bytes,
 * of `id.timestamp.body` (the timestamp in seconds), so a receiver can refuse a replayed message.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Null when `address` is a public unicast address; otherwise the kind of range it is in (loopback,
 * private, linkLocal, uniqueLocal, carrierGradeNat, multicast, unspecified, reserved,
 * notGlobalUnicast...). An
 * IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
 */
export function nonPublicRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  // IPv6 outside global unicast (2000::/3), such as ::127.0.0.1 (IPv4-compatible, ::/96), which
  // ipaddr.js calls unicast.
  if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6)) return 'notGlobalUnicast';
  return null;
}

/** The host of a URL as an address or a name: an IPv6 literal loses its brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Names that are the machine itself whatever DNS says: the reserved `localhost` and its subdomains. */
const isLocalName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/**
 * Why `url` may not receive webhooks, in Spanish, or null when it may: https only, no credentials
 * in it, and no local or private address (by its literal address, its name, or what the name
 * resolves to now) unless `allowPrivate`, which also allows http. A name that does not resolve is
 * accepted here: every delivery checks the address it connects to.
 */
export async function refusedWebhookUrl(url: URL, allowPrivate: boolean): Promise<string | null> {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return WEBHOOK_MSG.httpsOnly;
  }
  if (url.username || url.password) return WEBHOOK_MSG.credentialsInUrl;
  if (allowPrivate) return null;
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return nonPublicRange(host) ? WEBHOOK_MSG.privateAddress : null;
  if (isLocalName(host)) return WEBHOOK_MSG.privateAddress;
  try {
    // A resolver that does not answer in time leaves the check to the first delivery.
    const addresses = await Promise.race([
      dns.promises.lookup(host, { all: true }),
      new Promise<[]>((resolve) => setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS).unref()),
    ]);
    return addresses.some((a) => nonPublicRange(a.address)) ? WEBHOOK_MSG.privateAddress : null;
  } catch {
    return null;
  }
}

/** A connection refused before it was made: the address is local or private. */
class RefusedAddress extends Error {
  constructor(readonly address: string) {
    super(`Dirección no permitida: ${address} es local o privada`);
  }
}

/**
 * Resolves the name as the connection will use it and refuses it when any of its addresses is not
 * public: the address checked is the address connected to, so a name that changes its answer
 * between the check and the connection (DNS rebinding) gains nothing.
 */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const refused = allowPrivate ? undefined : addresses.find((a) => nonPublicRange(a.address));
      const [first] = addresses;
      if (refused || !first) {
        callback(new RefusedAddress(refused?.address ?? hostname), '', 0);
      } else if (options.all) {
        callback(null, addresses);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

/**
 * A receiver's words as they may be stored and shown: whitespace runs as one space, and no control
 * character (C0, DEL, C1), which PostgreSQL refuses in text when it is NUL (22021).
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
}

/** Why an endpoint that is not https is not sent to (without WEBHOOK_ALLOW_PRIVATE). */
export const HTTPS_ONLY_AT_DELIVERY =
  'No se envió: la URL no es https:// (http solo se permite con WEBHOOK_ALLOW_PRIVATE)';

export type PostResult =
  { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** A failure's words for the panel: what happened, never a stack. */
function networkError(error: unknown, host: string): string {
  if (error instanceof RefusedAddress) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `No se encontró el nombre ${host}`;
  if (code === 'ECONNREFUSED') return 'El receptor rechazó la conexión';
  if (code === 'ECONNRESET') return 'El receptor cortó la conexión';
  if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) {
    return `El certificado TLS del receptor no es válido (${code})`;
  }
  return `Error de red (${typeof code === 'string' ? code : 'desconocido'})`;
}

/**
 * POSTs one message. A 2xx answer is a success; anything else (a redirect, which is never
 * followed, included) is a failure with the status and the start of the answer. The request gives
 * up after WEBHOOK_TIMEOUT_MS and never connects to a refused address.
 */
export function postWebhook(request: {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<PostResult> {
  const url = new URL(request.url);
  // Checked when registered too; this covers a row written under WEBHOOK_ALLOW_PRIVATE or restored.
  if (url.protocol !== 'https:' && !request.allowPrivate) {
    return Promise.resolve({ ok: false, status: null, error: HTTPS_ONLY_AT_DELIVERY });
  }
  const host = hostOf(url);
  // A literal address is connected to without a lookup: it is judged here.
  if (!request.allowPrivate && ipaddr.isValid(host) && nonPublicRange(host)) {
    return Promise.resolve({ ok: false, status: null, error: new RefusedAddress(host).message });
  }
  const timeoutMs = request.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const req = client.request(url, {
      method: 'POST',
      // A connection of its own each time: every delivery looks the name up and checks it again.
      agent: false,
      lookup: checkedLookup(request.allowPrivate),
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(request.body)),
        'user-agent': WEBHOOK_USER_AGENT,
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      // A no-op once answered.
      finish({
        ok: false,
        status: null,
        error: `El receptor no respondió en ${Math.ceil(timeoutMs / 1000)} s`,
      });
    }, timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      finish({ ok: false, status: null, error: networkError(error, host) });
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) {
        // Answered: the body is not wanted, and the connection ends now, so that a receiver that
        // never finishes it holds nothing open.
        clearTimeout(timer);
        res.destroy();
        finish({ ok: true, status });
        return;
      }
      const chunks: Buffer[] = [];
      let length = 0;
      const done = () => {
        const excerpt = printable(
          Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'),
        );
        const redirect = status >= 300 && status < 400 ? ' (las redirecciones no se siguen)' : '';
        clearTimeout(timer);
        finish({
          ok: false,
          status,
          error: `El receptor respondió ${status}${redirect}${excerpt ? `: ${excerpt}` : ''}`,
        });
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= EXCERPT_BYTES) {
          res.destroy();
          done();
        }
      });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.end(request.body);
  });
}
