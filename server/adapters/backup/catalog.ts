import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { migrationsFolder, type Db } from '../../db/client';

/** The rows of a raw query, from either driver (both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Tables whose rows mean nothing in another database, left out of every archive: sessions,
 * one-time tokens (sign-in links, resets) and single sign-ons under way only let someone in, and a
 * restored copy makes everyone sign in again; attempt counters only slow down sign-in failures for
 * a while.
 */
export const EPHEMERAL_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'one_time_tokens',
  'login_throttle',
  'oidc_logins',
]);

/**
 * Rows a server process writes for itself on first use, not the organisation's data: settings
 * under `internal.` (such as the key it signs upload URLs with). A database holding only these is
 * empty for a restore, and the archive's rows replace them.
 */
export const SELF_MADE_ROWS: Readonly<Record<string, SQL>> = {
  settings: sql`key like 'internal.%'`,
};

export interface TableInfo {
  name: string;
  /** Columns that hold data (generated columns are computed again), in table order. */
  columns: string[];
  /** The primary key's columns: the order the rows are written in. Empty when there is none. */
  primaryKey: string[];
  /**
   * Foreign-key columns that point at this table itself or at a table restored after it: they are
   * written once every row is in (a manager listed after the people who report to them).
   */
  deferred: string[];
}

/**
 * Every table of the application's schema (`public`) but the ephemeral ones, read from the
 * database's own catalog so that a table or column added by a later migration is covered without
 * a change here; in an order where each table comes after the tables it references.
 */
export async function readTables(db: Db): Promise<TableInfo[]> {
  const columns = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0
          and not a.attisdropped and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const keys = await rowsOf<{ table: string; columns: string }>(
    db,
    sql`select c.relname as "table", string_agg(a.attname, ',' order by k.ord) as "columns"
        from pg_constraint con
        join pg_class c on c.oid = con.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        cross join lateral unnest(con.conkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
        where n.nspname = 'public' and con.contype = 'p'
        group by c.relname`,
  );
  const foreign = await rowsOf<{ table: string; target: string; columns: string }>(
    db,
    sql`select c.relname as "table", r.relname as "target",
          string_agg(a.attname, ',' order by k.ord) as "columns"
        from pg_constraint con
        join pg_class c on c.oid = con.conrelid
        join pg_class r on r.oid = con.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        cross join lateral unnest(con.conkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
        where n.nspname = 'public' and con.contype = 'f'
        group by con.oid, c.relname, r.relname`,
  );

  const names = [...new Set(columns.map((c) => c.table))].filter((t) => !EPHEMERAL_TABLES.has(t));
  const references = new Map(names.map((t) => [t, [] as { target: string; columns: string[] }[]]));
  for (const fk of foreign) {
    if (!references.has(fk.table)) continue;
    if (EPHEMERAL_TABLES.has(fk.target))
      throw new Error(`${fk.table} references ${fk.target}, which no archive holds`);
    references.get(fk.table)?.push({ target: fk.target, columns: fk.columns.split(',') });
  }

  // Each table after those it references; a cycle is broken by writing some columns later.
  const ordered: string[] = [];
  const remaining = new Set(names);
  while (remaining.size > 0) {
    const ready = [...remaining].filter((t) =>
      (references.get(t) ?? []).every((r) => r.target === t || !remaining.has(r.target)),
    );
    // Within a cycle, one table (the first by name, so that the order is stable) goes first.
    const next = ready.length > 0 ? ready : [...remaining].sort().slice(0, 1);
    for (const t of next.sort()) {
      ordered.push(t);
      remaining.delete(t);
    }
  }
  const position = new Map(ordered.map((t, i) => [t, i]));
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name).map((c) => c.column),
    primaryKey: keys.find((k) => k.table === name)?.columns.split(',') ?? [],
    deferred: [
      ...new Set(
        (references.get(name) ?? [])
          .filter((r) => (position.get(r.target) ?? 0) >= (position.get(name) ?? 0))
          .flatMap((r) => r.columns),
      ),
    ],
  }));
}

/** Every sequence of the schema and where it stands, so that new ids continue where they were. */
export async function readSequences(db: Db) {
  const names = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as "name" from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const sequences: { name: string; lastValue: string; isCalled: boolean }[] = [];
  for (const { name } of names) {
    const [state] = await rowsOf<{ lastValue: string; isCalled: boolean }>(
      db,
      sql`select last_value::text as "lastValue", is_called as "isCalled" from ${sql.identifier('public')}.${sql.identifier(name)}`,
    );
    if (state) sequences.push({ name, ...state });
  }
  return sequences;
}

export interface MigrationLevel {
  /** The last migration's name, e.g. `0012_history_never_overlaps`. */
  tag: string;
  /** Its timestamp in the migrations' journal, which is what the database records. */
  when: number;
}

interface Journal {
  entries: { tag: string; when: number }[];
}

/** This version's migrations, oldest first. */
export function journal(): Journal {
  return JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
}

/** The last migration this version of APPA knows. */
export function latestMigration(): MigrationLevel {
  const last = journal().entries.at(-1);
  if (!last) throw new Error('no migrations');
  return { tag: last.tag, when: last.when };
}

/** The last migration applied to the database; null when it was never migrated. */
export async function appliedMigration(db: Db): Promise<MigrationLevel | null> {
  const [exists] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "present"`,
  );
  if (!exists?.present) return null;
  const [row] = await rowsOf<{ when: string }>(
    db,
    sql`select created_at::text as "when" from drizzle.__drizzle_migrations
        order by created_at desc limit 1`,
  );
  if (!row) return null;
  const when = Number(row.when);
  // A database migrated by a newer version names a migration this version has never heard of.
  const tag = journal().entries.find((e) => e.when === when)?.tag ?? `desconocida (${when})`;
  return { tag, when };
}
