import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Works both from the sources (server/db) and from the bundle (dist/server), see build-server. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same for every instance of the server.
const MIGRATION_LOCK_KEY = 4_221_977;

export async function openPostgres(url: string, options: { migrate?: boolean } = {}) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
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
  return wrap(db, 'postgres', () => pool.end());
}

export async function openPglite(
  source: { dataDir: string } | { memory: true; loadDataDir?: Blob | File },
  options: { migrate?: boolean } = {},
) {
  let client: PGlite;
  if ('dataDir' in source) {
    fs.mkdirSync(source.dataDir, { recursive: true });
    client = await PGlite.create(source.dataDir);
  } else {
    client = await PGlite.create(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {});
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (options.migrate !== false)
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return { ...wrap(db, 'pglite', () => client.close()), pglite: client };
}

function wrap(db: Db, kind: Database['kind'], close: () => Promise<void>): Database {
  return {
    db,
    kind,
    async ping() {
      await db.execute(sql`select 1`);
    },
    close,
  };
}

/** The embedded database lives in DATA_DIR/pglite unless DATABASE_URL names a server. */
export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}
