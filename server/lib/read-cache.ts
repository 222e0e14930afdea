import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Clock } from './clock';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** Below a packet or two, compressing costs more than it saves (as in app.ts). */
const COMPRESS_FROM_BYTES = 1024;
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** What a computation gives: JSON text, or bytes with the headers that describe them. */
export type Answer = string | { body: string | Buffer; headers: Record<string, string> };

/** An answer as it leaves: its bytes, a validator, and each compressed form once asked for. */
export interface CachedBody {
  body: Buffer;
  headers: Record<string, string>;
  /** Strong validator of the bytes: the same answer after a write keeps its ETag. */
  etag: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** A value kept for the server's own use, with an estimate of its memory. */
interface KeptValue {
  value: unknown;
  bytes: number;
}
type Stored = CachedBody | KeptValue;

export interface ReadCache {
  /**
   * The answer for `key` as of the last write: computed once by the first caller, shared by those
   * who ask while it is computed, kept until a write or until the window of `windowMs` ends.
   */
  get(key: string, compute: () => Promise<Answer>): Promise<CachedBody>;
  /**
   * The same for a value the server goes on working with (the week a page is cut from);
   * `bytes` estimates its memory. `dependsOn: 'people'` for what no report's change affects
   * (a session).
   */
  value<T>(
    key: string,
    compute: () => Promise<T>,
    bytes: (value: T) => number,
    dependsOn?: Dependency,
  ): Promise<T>;
  /** Something was written: what depends on it must be computed again. */
  invalidate(written?: Written): void;
}

/** What a kept thing was computed from: people (users, sessions, settings) and reports, or people only. */
export type Dependency = 'everything' | 'people';

/**
 * How far a change to reports reaches: 'author-week' is one author's report of one week and what
 * hangs from it (comments, reviews, tasks, files, shares). Today any such change makes every
 * answer about reports computed again; naming the reach lets the cache keep, later, the answers
 * about other authors and other weeks.
 */
export const REPORT_SCOPES = ['author-week'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];

/**
 * What a write changed, as the cache scopes it: reports (sessions and people stay), people (users,
 * sessions), settings, or everything. People and settings empty everything today: sessions and
 * most answers depend on them.
 */
export type Written = { reports: ReportScope } | 'people' | 'settings' | 'everything';

/** A write as other instances hear of it (`reports:author-week`, `people`…). */
export function encodeWritten(written: Written): string {
  return typeof written === 'string' ? written : `reports:${written.reports}`;
}

/** The write another instance announced; anything not understood changed everything. */
export function decodeWritten(text: string): Written {
  const [kind, scope] = text.split(':');
  const reports = kind === 'reports' ? REPORT_SCOPES.find((s) => s === scope) : undefined;
  if (reports) return { reports };
  return kind === 'people' || kind === 'settings' ? kind : 'everything';
}

export interface ReadCacheOptions {
  clock: Clock;
  /** Memory the kept answers may take, bytes (before compression). */
  maxBytes?: number;
  /**
   * An answer is never older than this, even without a write this instance heard of: a share that
   * expired, a week that began, a write of another instance whose signal was lost.
   */
  windowMs?: number;
}

/**
 * What many people read and few change — the panel's week, the dashboards, the week's export —
 * kept serialised (and compressed) between writes: at 5,000 people these answers take hundreds of
 * milliseconds of the server's one thread to build, and the panel asks for them every few seconds.
 *
 * Correctness rests on the generation: every successful write bumps it after its transaction has
 * committed (plugins/read-cache.ts), and it is part of the key, so an answer computed from a
 * snapshot before a write is never served after it. Permissions are not in here: routes decide who
 * may read before asking, and the key names whose view it is.
 */
export function createReadCache({
  clock,
  maxBytes = 64 * 1024 * 1024,
  windowMs = 60_000,
}: ReadCacheOptions): ReadCache {
  // One generation per kind of data; a key holds those it depends on.
  let people = 0;
  let reports = 0;
  const entries = new LRUCache<string, Stored, () => Promise<Stored>>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, 'body' in entry ? entry.body.length : entry.bytes),
    // invalidate() may clear the cache while answers are being computed: those still reach whoever
    // is waiting for them (they were right when asked for), they are just not kept.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => context(),
  });

  const fetch = async (key: string, compute: () => Promise<Stored>, dependsOn: Dependency) => {
    // The window follows the server's clock (tests move it), not a timer.
    const window = Math.floor(clock().getTime() / windowMs);
    const version = dependsOn === 'people' ? `${people}` : `${people}.${reports}`;
    const entry = await entries.fetch(`${version}:${window}:${key}`, { context: compute });
    if (!entry) throw new Error(`read cache: nothing for ${key}`);
    return entry;
  };

  return {
    async get(key, compute) {
      const entry = await fetch(
        `body:${key}`,
        async () => {
          const answer = await compute();
          const { body: raw, headers } =
            typeof answer === 'string' ? { body: answer, headers: JSON_HEADERS } : answer;
          const body = typeof raw === 'string' ? Buffer.from(raw) : raw;
          const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
          return { body, headers, etag, encoded: {} };
        },
        'everything',
      );
      if (!('body' in entry)) throw new Error(`read cache: ${key} is not an answer`);
      return entry;
    },
    async value<T>(
      key: string,
      compute: () => Promise<T>,
      bytes: (value: T) => number,
      dependsOn: Dependency = 'everything',
    ) {
      const entry = await fetch(
        `value:${key}`,
        async () => {
          const value = await compute();
          return { value, bytes: bytes(value) };
        },
        dependsOn,
      );
      if ('body' in entry) throw new Error(`read cache: ${key} is not a value`);
      return entry.value as T;
    },
    invalidate(written = 'everything') {
      reports += 1;
      if (typeof written === 'string') {
        people += 1;
        entries.clear();
      }
      // After a change to reports only, what depended on them is unreachable under its old key
      // and leaves as the memory is needed; sessions stay.
    },
  };
}

function encode(entry: CachedBody, encoding: Encoding): Promise<Buffer> {
  entry.encoded[encoding] ??=
    encoding === 'br'
      ? brotli(entry.body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
          },
        })
      : gzip(entry.body);
  return entry.encoded[encoding];
}

/**
 * Sends a cached answer: 304 when the browser holds these bytes (its ETag), else the bytes
 * compressed as the browser accepts. The browser revalidates every time, unless the answer's own
 * headers say otherwise (downloads say `no-store`, and get no validator).
 */
export async function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedBody) {
  reply.header('cache-control', 'private, no-cache').headers(entry.headers);
  reply.header('vary', 'accept-encoding');
  if (!String(reply.getHeader('cache-control')).includes('no-store')) {
    reply.header('etag', entry.etag);
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  }
  const accepted = request.headers['accept-encoding'];
  const encoding =
    entry.body.length >= COMPRESS_FROM_BYTES && accepted
      ? (negotiate(accepted, ENCODINGS) as Encoding | null)
      : null;
  if (!encoding) return reply.send(entry.body);
  const bytes = await encode(entry, encoding);
  return reply.header('content-encoding', encoding).send(bytes);
}
