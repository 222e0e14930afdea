import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { keepDedicated } from './dedicated';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** How long one statement took, and whether it failed. */
export type QueryListener = (seconds: number, failed: boolean) => void;

/** The connections of a database server's pool, and the callers waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: where it is, so that a test can open a second instance's pool on it. */
  url?: string;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Hears NOTIFY on `channel` from every instance on the same database; answers how to stop.
   * On PostgreSQL a dedicated connection listens and comes back by itself after a failure, trying
   * again with growing, jittered waits for as long as it takes; `onResumed` then runs, since what
   * was notified meanwhile was missed.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onResumed?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Why notifications are not being heard right now (a listening connection is down and
   * reconnecting), or null while they are: what others wrote may then be unheard, so nothing
   * kept from notifications can be trusted.
   */
  notificationsDown(): string | null;
  /**
   * Resolves once this process's listeners have heard every notification committed before the
   * call (on PostgreSQL, a round trip on each listening connection: the server sends what is
   * pending before it answers; from the embedded database's thread, a round trip to it).
   */
  caughtUp(): Promise<void>;
  /**
   * Hears how long each statement takes (the server's own statements, transactions' included;
   * not the listening connections'); answers how to stop. Nothing is timed while nobody listens.
   */
  onQuery(listener: QueryListener): () => void;
  /** The pool's connections on PostgreSQL; null on the embedded database, which has no pool. */
  poolUse(): PoolUse | null;
  close(): Promise<void>;
}

/** Times statements for whoever listens (`Database.onQuery`). */
function queryTimer() {
  const listeners = new Set<QueryListener>();
  return {
    on(listener: QueryListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Runs a statement; when it answers a promise and someone listens, reports its time. */
    time<T>(run: () => T): T {
      if (listeners.size === 0) return run();
      const started = performance.now();
      const result = run();
      if (result instanceof Promise) {
        const report = (failed: boolean) => {
          const seconds = (performance.now() - started) / 1000;
          for (const listener of listeners) listener(seconds, failed);
        };
        // A branch of its own: the caller still gets (and handles) the rejection.
        result.then(
          () => report(false),
          () => report(true),
        );
      }
      return result;
    },
  };
}
type QueryTimer = ReturnType<typeof queryTimer>;

/** The same function, its calls timed by `timer` (a callback-style call answers no promise). */
function timed<F extends (...args: never[]) => unknown>(timer: QueryTimer, call: F): F {
  return ((...args: Parameters<F>) => timer.time(() => call(...args))) as F;
}

/** Works both from the sources (server/db) and from the bundle (dist/server), see build-server. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same for every instance of the server.
const MIGRATION_LOCK_KEY = 4_221_977;

/** Connections one instance opens at most to PostgreSQL. */
const POOL_MAX = 10;

export async function openPostgres(url: string, options: { migrate?: boolean } = {}) {
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Statements outside a transaction go through the pool's own query (which calls its client's
  // with a callback, not timed again); a transaction's go through the client it holds.
  const timer = queryTimer();
  pool.query = timed(timer, pool.query.bind(pool));
  pool.on('connect', (client) => {
    client.query = timed(timer, client.query.bind(client));
  });
  if (options.migrate !== false) {
    const client = await pool.connect();
    try {
      // Several instances may start together: one migrates, the others wait for it.
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<Listener>();
  const listen = async (
    channel: string,
    onMessage: (payload: string) => void,
    onResumed?: () => void,
  ) => {
    const listener = await listenPostgres(url, channel, onMessage, onResumed);
    listeners.add(listener);
    return async () => {
      listeners.delete(listener);
      await listener.stop();
    };
  };
  const caughtUp = async () => {
    // A listener that is reconnecting has nothing to catch up on this connection.
    await Promise.all([...listeners].map((listener) => listener.ping().catch(() => {})));
  };
  const notificationsDown = () => {
    for (const listener of listeners) {
      const down = listener.down();
      if (down) return down;
    }
    return null;
  };
  const database = wrap(db, 'postgres', () => pool.end(), listen, caughtUp, timer, {
    notificationsDown,
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
  });
  return { ...database, url };
}

interface Listener {
  stop(): Promise<void>;
  /** A round trip on the listening connection. */
  ping(): Promise<void>;
  /** Why it is not listening (since when), or null while it is. */
  down(): string | null;
}

/** How listening connections show in pg_stat_activity, unless DATABASE_URL names the application. */
export const LISTENER_APPLICATION_NAME = 'appa-listen';

/** The first wait before listening again, doubled after each failure up to the last. */
const RELISTEN_FIRST_MS = 250;
const RELISTEN_MAX_MS = 30_000;
/** A listening connection that has not answered by then is not waited for (it may be half-open). */
const PING_TIMEOUT_MS = 2_000;
/**
 * LISTEN on a connection of its own (a pooled one may be handed to someone else). When it drops,
 * it is opened again after a wait that doubles with each failure (with jitter, so that several
 * instances do not all knock at once) up to 30 s, for as long as it takes.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onResumed?: () => void,
): Promise<Listener> {
  const kept = await keepDedicated(
    url,
    LISTENER_APPLICATION_NAME,
    async (opening) => {
      opening.on('notification', (message) => {
        if (message.channel === channel && message.payload) onMessage(message.payload);
      });
      await opening.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },
    {
      wait(failures) {
        const ceiling = Math.min(RELISTEN_MAX_MS, RELISTEN_FIRST_MS * 2 ** failures);
        return ceiling / 2 + Math.random() * (ceiling / 2);
      },
      resumed: onResumed,
    },
  );
  return {
    stop: () => kept.stop(),
    async ping() {
      const client = kept.current();
      if (!client) return;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, PING_TIMEOUT_MS)));
      await Promise.race([client.query('select 1'), late]).finally(() => clearTimeout(timer));
    },
    down() {
      // Since when, not why: the failure's text may name the database's address, and readiness
      // is answered to anyone.
      const since = kept.downSince();
      return since ? `sin avisos de la base de datos desde ${since.toISOString()}` : null;
    },
  };
}

/**
 * PGlite writes its files with explicit modes (0666) that the process's umask does not narrow:
 * close them to the server's user, as everything else in the data folder is.
 */
function ownerOnly(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    fs.chmodSync(file, entry.isDirectory() ? 0o700 : 0o600);
  }
  fs.chmodSync(dir, 0o700);
}

export async function openPglite(
  source: { dataDir: string } | { memory: true; loadDataDir?: Blob | File },
  options: { migrate?: boolean } = {},
) {
  let client: PGlite;
  if ('dataDir' in source) {
    fs.mkdirSync(source.dataDir, { recursive: true, mode: 0o700 });
    client = await PGlite.create(source.dataDir);
    ownerOnly(source.dataDir);
  } else {
    client = await PGlite.create(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {});
  }
  // In-process, notifications are delivered as they are sent: nothing to catch up on.
  return { ...(await embedded(client, options, async () => {})), pglite: client };
}

/**
 * The embedded database run on a worker thread of its own, so that its queries never stall the
 * server's thread: what the server opens (in `dataDir`), and what the API tests open (in memory,
 * from a snapshot). Tests that need PGlite's own handle (dumps) open it in-process with `openPglite`.
 */
export async function openPgliteThread(
  source: { dataDir: string } | { snapshot: Uint8Array },
  options: { migrate?: boolean } = {},
) {
  if ('dataDir' in source) fs.mkdirSync(source.dataDir, { recursive: true, mode: 0o700 });
  const thread = await PgliteThread.open(source);
  if ('dataDir' in source) ownerOnly(source.dataDir);
  // From the thread, notifications come as messages: a round trip delivers those sent before it.
  return embedded(thread, options, () => thread.caughtUp());
}

/** Drizzle, the migrations and LISTEN over an embedded database, in-process or on its thread. */
async function embedded(
  client: PGlite | PgliteThread,
  options: { migrate?: boolean },
  caughtUp: Database['caughtUp'],
): Promise<Database> {
  // Drizzle needs only the part of PGlite the thread forwards (query, exec, transaction).
  const pglite = client as PGlite;
  if (options.migrate !== false)
    await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder });
  // What Drizzle calls, each statement timed, inside a transaction too.
  const timer = queryTimer();
  // Each call looks its method up anew, so that what replaces it on the client (a test playing
  // a lost database) is what runs.
  const timedPart = <C extends Pick<PGlite, 'query' | 'exec'>>(part: C) => {
    const late = <K extends 'query' | 'exec'>(name: K) =>
      ((...args: unknown[]) =>
        (part[name] as (...a: unknown[]) => unknown).apply(part, args)) as C[K];
    return { query: timed(timer, late('query')), exec: timed(timer, late('exec')) };
  };
  const seen = {
    ...timedPart(pglite),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      // The transaction's other members (rollback, closed) stay its own.
      pglite.transaction((tx) => callback(Object.assign(Object.create(tx), timedPart(tx)))),
  };
  const db = drizzlePglite(seen as unknown as PGlite, { schema }) as unknown as Db;
  const listen = async (channel: string, onMessage: (payload: string) => void) => {
    const stop = await client.listen(channel, onMessage);
    return async () => {
      // Closing the database stops every listener; unlistening after that would throw.
      if (!client.closed) await stop();
    };
  };
  return wrap(db, 'pglite', () => client.close(), listen, caughtUp, timer);
}

function wrap(
  db: Db,
  kind: Database['kind'],
  close: () => Promise<void>,
  listen: Database['listen'],
  caughtUp: Database['caughtUp'],
  timer: QueryTimer,
  // The embedded database delivers notifications in-process (they are never down) and has no pool.
  server: Partial<Pick<Database, 'notificationsDown' | 'poolUse'>> = {},
): Database {
  return {
    db,
    kind,
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen,
    notificationsDown: server.notificationsDown ?? (() => null),
    caughtUp,
    onQuery: timer.on,
    poolUse: server.poolUse ?? (() => null),
    close,
  };
}

/** The embedded database lives in DATA_DIR/pglite unless DATABASE_URL names a server. */
export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPgliteThread({ dataDir: path.join(config.dataDir, 'pglite') });
}
