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
   * The answer for `key` as of the last write it depends on (`dependsOn`, everything by default):
   * computed once by the first caller, shared by those who ask while it is computed, kept until
   * such a write or until the window of `windowMs` ends.
   */
  get(
    key: string,
    compute: () => Promise<Answer>,
    dependsOn?: Dependency,
    shared?: SharedView,
  ): Promise<CachedBody>;
  /**
   * The same for a value the server goes on working with (the week a page is cut from);
   * `bytes` estimates its memory.
   */
  value<T>(
    key: string,
    compute: () => Promise<T>,
    bytes: (value: T) => number,
    dependsOn?: Dependency,
  ): Promise<T>;
  /**
   * The people of an area (everyone below a manager), kept until people change. Once asked for,
   * a report written by one of them reaches what depends on `{ area: name }`, and a report written
   * by anyone else does not.
   */
  area(name: string, members: () => Promise<ReadonlySet<string>>): Promise<ReadonlySet<string>>;
  /**
   * One row per person for `week`, kept between writes and mended rather than recomputed: after a
   * write naming a person's report of that week, the next caller reloads that person's row alone
   * (`reload`, one statement for all the people written since) and the others stay. `load` gives
   * every row, in the order the table keeps; a change to people, a change to reports that names
   * none, or the end of the window loads the whole table again.
   */
  weekRows<R extends { id: string }>(
    key: string,
    week: string,
    load: () => Promise<R[]>,
    reload: (ids: string[]) => Promise<R[]>,
  ): Promise<readonly R[]>;
  /**
   * Something was written (by `writer`, when a person wrote it): what depends on it must be
   * computed again.
   */
  invalidate(changed?: Changed, writer?: string): void;
  /** What it has done since it was made, and the memory its answers take now (for metrics). */
  stats(): ReadCacheStats;
}

/** What is looked up: answers, values (sessions among them), areas' people, week tables. */
export const LOOKUP_KINDS = ['answer', 'value', 'area', 'week'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];
/**
 * Served from what was kept, computed (or loaded) anew, or read from the database because
 * notifications are down and nothing kept is trusted.
 */
export const LOOKUP_OUTCOMES = ['hit', 'miss', 'bypass'] as const;
export type LookupOutcome = (typeof LOOKUP_OUTCOMES)[number];
/** What a forgetting was about: named reports, reports no write named, or the rest. */
export const INVALIDATION_SCOPES = [
  'reports',
  'all-reports',
  'people',
  'settings',
  'everything',
] as const;
export type InvalidationScope = (typeof INVALIDATION_SCOPES)[number];

export interface ReadCacheStats {
  lookups: Record<LookupKind, Record<LookupOutcome, number>>;
  invalidations: Record<InvalidationScope, number>;
  /** Memory the kept answers and values take (before compression), bytes. */
  bytes: number;
}

/**
 * A view many people watch and few write to (the panel's week, the dashboards): while reports
 * pour in, it may be served as computed up to `sharedLagMs` ago, so that it is computed again at
 * most that often rather than after every draft. Never across a change to people or settings, and
 * never to a `viewer` who wrote within that time: whoever acts sees what they did.
 */
export interface SharedView {
  viewer: string;
}

/**
 * What a kept thing was computed from: people (users, sessions, settings) and every report
 * ('everything'), people only ('people'), or people and the reports it names (a `Reach`).
 */
export type Dependency = 'everything' | 'people' | Reach;

/**
 * The reports an answer shows: those of `weeks` (of everyone, or of the people of `area` only)
 * and those of `authors` (any week). A report of another week or another person's changes
 * nothing it shows.
 */
export interface Reach {
  weeks?: readonly string[];
  /** A name given to `area()` first; an unknown name reaches everyone's reports of `weeks`. */
  area?: string;
  authors?: readonly string[];
}

/** One author's report of one week, and what hangs from it (comments, reviews, tasks, files, shares). */
export interface AuthorWeek {
  userId: string;
  weekStart: string;
}

/**
 * What a route declares it writes beyond the events it announces: people (users, sessions),
 * settings, or everything. People and settings empty everything: sessions and most answers depend
 * on them.
 */
export type Written = 'people' | 'settings' | 'everything';

/**
 * What a write changed: the reports it names, every report ('all': a route that named none), or
 * what a route declared beyond reports.
 */
export type Changed =
  { reports: readonly AuthorWeek[] | 'all' } | 'people' | 'settings' | 'everything';

/**
 * A change as other instances hear of it: `people`, `reports:all`, or
 * `reports:<user id>@<week>,<user id>@<week>`.
 */
export function encodeChanged(changed: Changed): string {
  if (typeof changed === 'string') return changed;
  const { reports } = changed;
  if (reports === 'all') return 'reports:all';
  return `reports:${reports.map((r) => `${r.userId}@${r.weekStart}`).join(',')}`;
}

const NAMED_REPORT = /^([0-9a-f-]{36})@(\d{4}-\d{2}-\d{2})$/;

/** The change another instance announced; anything not understood changed everything. */
export function decodeChanged(text: string): Changed {
  const cut = text.indexOf(':');
  const kind = cut < 0 ? text : text.slice(0, cut);
  if (kind === 'people' || kind === 'settings') return kind;
  if (kind !== 'reports' || cut < 0) return 'everything';
  const scope = text.slice(cut + 1);
  // 'author-week' is what instances said before they named the reports.
  if (scope === 'all' || scope === 'author-week') return { reports: 'all' };
  const named = scope.split(',').map((part) => NAMED_REPORT.exec(part));
  if (named.length === 0 || named.some((m) => !m)) return 'everything';
  return {
    reports: named.map((m) => ({ userId: m?.[1] ?? '', weekStart: m?.[2] ?? '' })),
  };
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
  /** Week tables kept at once (each holds a row per person). */
  maxWeekTables?: number;
  /** How long a shared view may lag the reports written by others (`SharedView`); 0: never. */
  sharedLagMs?: number;
  /**
   * Whether this instance hears what the others write. While it does not (the database's
   * notifications are down), nothing is kept or served from what was kept: every answer, every
   * session included, is read from the database, so a write or a revocation elsewhere counts at
   * once.
   */
  trusted?: () => boolean;
}

/** A week table as it is kept and mended. */
interface WeekTable {
  week: string;
  /** The generations and the window it was loaded under: another one loads it again. */
  base: string;
  loaded: Promise<void>;
  rows: { id: string }[];
  at: Map<string, number>;
  /** People whose row was written since it was last read, and the write count then. */
  dirty: Set<string>;
  written: number;
  mended: number;
  mending: Promise<void> | null;
}

/**
 * What many people read and few change — the panel's week, the dashboards, the week's export —
 * kept serialised (and compressed) between writes: at 5,000 people these answers take hundreds of
 * milliseconds to build, and the panel asks for them every few seconds.
 *
 * Correctness rests on generations: every successful write bumps those of what it changed after
 * its transaction has committed (plugins/read-cache.ts), and a key holds the generations of what
 * it depends on, so an answer computed from a snapshot before a write is never served after it.
 * A draft saved by one author bumps that author's, that week's, and the week of each area the
 * author belongs to: the past weeks' trends and other areas' dashboards stay. Permissions are not
 * in here: routes decide who may read before asking, and the key names whose view it is.
 */
/** Areas kept at once: every manager's, and those of the past weeks people look back at. */
const MAX_AREAS = 5000;

export function createReadCache({
  clock,
  maxBytes = 64 * 1024 * 1024,
  windowMs = 60_000,
  maxWeekTables = 6,
  sharedLagMs = 0,
  trusted = () => true,
}: ReadCacheOptions): ReadCache {
  // Generations: of people (and settings), of every report, of reports written without a name.
  let people = 0;
  let reports = 0;
  let unnamed = 0;
  // …and of named reports, by week, by area and week, by author. Emptied with people.
  let weekGen = new Map<string, number>();
  let areaWeekGen = new Map<string, number>();
  let authorGen = new Map<string, number>();
  // Areas asked for: their people once known (under the people generation they were read in),
  // and those still being read.
  // Each reading of an area gets its own stamp, part of what depends on it: an area dropped and
  // read again never passes for the one before, whose writes it did not hear.
  let areas = new Map<string, { people: number; members: ReadonlySet<string>; stamp: number }>();
  let areaStamp = 0;
  let reading = new Map<string, Promise<ReadonlySet<string>>>();
  const tables = new Map<string, WeekTable>();

  const lookups = Object.fromEntries(
    LOOKUP_KINDS.map((kind) => [kind, { hit: 0, miss: 0, bypass: 0 }]),
  ) as ReadCacheStats['lookups'];
  const invalidations = Object.fromEntries(
    INVALIDATION_SCOPES.map((scope) => [scope, 0]),
  ) as ReadCacheStats['invalidations'];

  const entries = new LRUCache<string, Stored, () => Promise<Stored>>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, 'body' in entry ? entry.body.length : entry.bytes),
    // invalidate() may clear the cache while answers are being computed: those still reach whoever
    // is waiting for them (they were right when asked for), they are just not kept.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => context(),
  });

  // Shared views: the newest answer of each, what it may not lag (people, settings, unnamed
  // writes, the window) and when it was asked for (it shows every write heard before then).
  const newest = new LRUCache<string, { base: string; askedAt: number; entry: CachedBody }>({
    maxSize: Math.max(1, Math.floor(maxBytes / 4)),
    sizeCalculation: ({ entry }) => Math.max(1, entry.body.length),
  });
  // When each person last wrote, for as long as it matters to shared views.
  const writers = new LRUCache<string, number>({ max: 100_000 });

  const bump = (gens: Map<string, number>, key: string) => gens.set(key, (gens.get(key) ?? 0) + 1);
  const window = () => Math.floor(clock().getTime() / windowMs);

  const versionOf = (dependsOn: Dependency) => {
    if (dependsOn === 'people') return `${people}`;
    if (dependsOn === 'everything') return `${people}.${reports}`;
    const { weeks = [], area, authors = [] } = dependsOn;
    // An area nobody has asked for yet has no generations: reach everyone's reports instead.
    const kept = area === undefined ? undefined : areas.get(area);
    const ofWeek =
      kept?.people === people
        ? (w: string) => `a${kept.stamp}.${areaWeekGen.get(`${area}|${w}`) ?? 0}`
        : (w: string) => `w${weekGen.get(w) ?? 0}`;
    return `${people}.${unnamed}.${weeks.map(ofWeek).join(',')}.${authors
      .map((a) => authorGen.get(a) ?? 0)
      .join(',')}`;
  };

  const fetch = async (
    kind: 'answer' | 'value',
    key: string,
    compute: () => Promise<Stored>,
    dependsOn: Dependency,
  ) => {
    if (!trusted()) {
      lookups[kind].bypass += 1;
      return compute();
    }
    // Whoever waits for an answer another caller is computing did not compute it: a hit.
    let computed = false;
    try {
      // The window follows the server's clock (tests move it), not a timer.
      const entry = await entries.fetch(`${versionOf(dependsOn)}:${window()}:${key}`, {
        context: () => {
          computed = true;
          return compute();
        },
      });
      if (!entry) throw new Error(`read cache: nothing for ${key}`);
      return entry;
    } finally {
      lookups[kind][computed ? 'miss' : 'hit'] += 1;
    }
  };

  const forgetAll = () => {
    people += 1;
    weekGen = new Map();
    areaWeekGen = new Map();
    authorGen = new Map();
    areas = new Map();
    reading = new Map();
    tables.clear();
    entries.clear();
    newest.clear();
  };

  const named = (written: readonly AuthorWeek[]) => {
    for (const { userId, weekStart } of written) {
      bump(weekGen, weekStart);
      bump(authorGen, userId);
      // An area still being read is passed over: what depends on it has not been computed yet,
      // and until it is known its dependents follow the whole week.
      for (const [name, area] of areas) {
        if (area.members.has(userId)) bump(areaWeekGen, `${name}|${weekStart}`);
      }
      for (const table of tables.values()) {
        if (table.week !== weekStart) continue;
        table.dirty.add(userId);
        table.written += 1;
      }
    }
  };

  /**
   * The table's rows with every write heard before this call mended in: the rows of the people
   * written since the last mending are reloaded together, once, for everyone waiting.
   */
  const mended = async <R extends { id: string }>(
    table: WeekTable,
    reload: (ids: string[]) => Promise<R[]>,
  ): Promise<readonly R[]> => {
    await table.loaded;
    const upTo = table.written;
    while (table.mended < upTo) {
      if (table.mending) {
        await table.mending;
        continue;
      }
      const ids = [...table.dirty];
      const through = table.written;
      table.dirty = new Set();
      table.mending = (async () => {
        try {
          const fresh = await reload(ids);
          for (const row of fresh) {
            const at = table.at.get(row.id);
            // Someone the table never had is a change to people, which loads the table anew.
            if (at === undefined) throw new Error(`read cache: ${row.id} is not in the week`);
            table.rows[at] = row;
          }
          table.mended = through;
        } catch (error) {
          for (const id of ids) table.dirty.add(id);
          throw error;
        } finally {
          table.mending = null;
        }
      })();
    }
    return table.rows as R[];
  };

  /** A shared view's newest answer, if it may still be served to `viewer` at `now`. */
  const recent = (key: string, base: string, viewer: string, now: number) => {
    const wrote = writers.get(viewer);
    if (wrote !== undefined && now - wrote < sharedLagMs) return undefined;
    const last = newest.get(key);
    if (!last || last.base !== base || now - last.askedAt >= sharedLagMs) return undefined;
    return last.entry;
  };

  return {
    async get(key, compute, dependsOn = 'everything', shared) {
      // What a shared view may not lag, and when it was asked for; other answers are exact.
      const lagged =
        shared && sharedLagMs > 0 && trusted()
          ? { base: `${people}.${unnamed}:${window()}`, askedAt: clock().getTime() }
          : undefined;
      if (shared && lagged) {
        const kept = recent(key, lagged.base, shared.viewer, lagged.askedAt);
        if (kept) {
          lookups.answer.hit += 1;
          return kept;
        }
      }
      const entry = await fetch(
        'answer',
        `body:${key}`,
        async () => {
          const answer = await compute();
          const { body: raw, headers } =
            typeof answer === 'string' ? { body: answer, headers: JSON_HEADERS } : answer;
          const body = typeof raw === 'string' ? Buffer.from(raw) : raw;
          const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
          return { body, headers, etag, encoded: {} };
        },
        dependsOn,
      );
      if (!('body' in entry)) throw new Error(`read cache: ${key} is not an answer`);
      // An answer asked for earlier but finished later never replaces a newer one: a view goes
      // forward in time, never back.
      if (lagged && (newest.peek(key)?.askedAt ?? -Infinity) <= lagged.askedAt)
        newest.set(key, { ...lagged, entry });
      return entry;
    },
    async value<T>(
      key: string,
      compute: () => Promise<T>,
      bytes: (value: T) => number,
      dependsOn: Dependency = 'everything',
    ) {
      const entry = await fetch(
        'value',
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
    async area(name, members) {
      if (!trusted()) {
        lookups.area.bypass += 1;
        return members();
      }
      const known = areas.get(name);
      if (known?.people === people) {
        lookups.area.hit += 1;
        // The most recently asked for are kept longest.
        areas.delete(name);
        areas.set(name, known);
        return known.members;
      }
      const asked = reading.get(name);
      if (asked) {
        lookups.area.hit += 1;
        return asked;
      }
      lookups.area.miss += 1;
      const generation = people;
      const read = members()
        .then((set) => {
          // People changed while it was read: the next caller reads it again.
          if (generation === people) {
            areaStamp += 1;
            areas.set(name, { people: generation, members: set, stamp: areaStamp });
            // Past weeks have areas of their own: keep the most recently asked for. What depended
            // on a dropped one follows its whole weeks instead (versionOf), and a new reading of
            // it has a new stamp, so this only costs precision.
            if (areas.size > MAX_AREAS) {
              const oldest = areas.keys().next().value;
              if (oldest !== undefined) areas.delete(oldest);
            }
          }
          return set;
        })
        .finally(() => {
          if (reading.get(name) === read) reading.delete(name);
        });
      reading.set(name, read);
      return read;
    },
    async weekRows<R extends { id: string }>(
      key: string,
      week: string,
      load: () => Promise<R[]>,
      reload: (ids: string[]) => Promise<R[]>,
    ) {
      if (!trusted()) {
        lookups.week.bypass += 1;
        return load();
      }
      const base = `${people}.${unnamed}:${window()}`;
      let table = tables.get(key);
      // A table mended for the writes since it was loaded still counts as a hit.
      lookups.week[table?.base === base ? 'hit' : 'miss'] += 1;
      if (table?.base !== base) {
        const fresh: WeekTable = {
          week,
          base,
          rows: [],
          at: new Map(),
          dirty: new Set(),
          written: 0,
          mended: 0,
          mending: null,
          loaded: Promise.resolve(),
        };
        fresh.loaded = load().then((rows) => {
          fresh.rows = rows;
          fresh.at = new Map(rows.map((row, i) => [row.id, i]));
        });
        // A failed load is not kept: the next caller loads again.
        fresh.loaded.catch(() => {
          if (tables.get(key) === fresh) tables.delete(key);
        });
        tables.delete(key);
        tables.set(key, fresh);
        while (tables.size > maxWeekTables) tables.delete(tables.keys().next().value ?? '');
        table = fresh;
      } else {
        // Most recently used last, as the loop above evicts the first.
        tables.delete(key);
        tables.set(key, table);
      }
      return mended(table, reload);
    },
    invalidate(changed = 'everything', writer) {
      reports += 1;
      if (writer !== undefined && sharedLagMs > 0) writers.set(writer, clock().getTime());
      if (typeof changed === 'string') {
        invalidations[changed] += 1;
        return forgetAll();
      }
      if (changed.reports === 'all') {
        invalidations['all-reports'] += 1;
        unnamed += 1;
        tables.clear();
        return;
      }
      invalidations.reports += 1;
      named(changed.reports);
      // What depended on every report is unreachable under its old key and leaves as the memory is
      // needed; sessions and the answers about other weeks, areas and authors stay.
    },
    stats() {
      return {
        lookups: structuredClone(lookups),
        invalidations: { ...invalidations },
        bytes: entries.calculatedSize,
      };
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
