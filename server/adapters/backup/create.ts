import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { BACKUP_FORMAT_VERSION } from '../../../common/schemas/demo';
import type { Database, Db } from '../../db/client';
import { appaFiles, uploads } from '../../db/schema';
import { OBJECT_KEY_PATTERN, type FileStorage } from '../storage/types';
import { appliedMigration, readSequences, readTables, rowsOf, type TableInfo } from './catalog';
import { ARCHIVE_FORMAT, MANIFEST_ENTRY, type Manifest } from './manifest';
import { TAR_END, tarHeader, tarPadding } from './tar';

/** Rows read per query while a table is written out. */
const PAGE = 1000;

const ident = (name: string) => sql.identifier(name);
const tableRef = (name: string) => sql`${ident('public')}.${ident(name)}`;
const list = (names: string[], prefix: string) =>
  sql.join(
    names.map((n) => sql`${sql.raw(prefix)}.${ident(n)}`),
    sql`, `,
  );

/**
 * Writes every row of `table` to `file` as JSON lines (one `row_to_json` per row, which keeps
 * every type exactly: timestamps in UTC to the microsecond, numerics, jsonb, enums, arrays and
 * bytea as text PostgreSQL reads back), ordered by primary key, a page at a time: the next page
 * starts after the last key written, read back from that row's own JSON.
 */
async function dumpTable(tx: Db, table: TableInfo, file: string): Promise<number> {
  const out = fs.createWriteStream(file, { mode: 0o600 });
  let rows = 0;
  try {
    let last: string | null = null;
    for (;;) {
      let query: SQL;
      if (table.primaryKey.length === 0) {
        // No key to page by (no table of ours): the whole table, in a stable order.
        if (last !== null) break;
        query = sql`select row_to_json(t)::text as "line" from ${tableRef(table.name)} t
                    order by row_to_json(t)::text`;
      } else {
        const key = list(table.primaryKey, 't');
        const after: SQL =
          last === null
            ? sql`true`
            : sql`(${key}) > (select ${list(table.primaryKey, 'v')}
                   from json_populate_record(null::${tableRef(table.name)}, ${last}::json) v)`;
        query = sql`select row_to_json(t)::text as "line" from ${tableRef(table.name)} t
                    where ${after} order by ${key} limit ${PAGE}`;
      }
      const page = await rowsOf<{ line: string }>(tx, query);
      for (const { line } of page) {
        if (!out.write(`${line}\n`))
          await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      rows += page.length;
      last = page.at(-1)?.line ?? null;
      if (page.length < PAGE || last === null) break;
    }
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  return rows;
}

/** The object keys the database names (attachments and uploads), each once. */
async function objectKeys(tx: Db): Promise<string[]> {
  const keys = await rowsOf<{ key: string }>(
    tx,
    sql`select k as "key" from (
          select ${appaFiles.boundKey} as k from ${appaFiles}
          union select ${appaFiles.storagePath} from ${appaFiles}
          union select ${uploads.objectKey} from ${uploads}
          union select ${uploads.boundKey} from ${uploads}
        ) keys where k is not null order by k`,
  );
  return keys.map((k) => k.key).filter((k) => OBJECT_KEY_PATTERN.test(k));
}

interface Snapshot {
  dir: string;
  createdAt: Date;
  migration: Manifest['migration'];
  tables: (TableInfo & { entry: string; rows: number; file: string })[];
  sequences: Manifest['sequences'];
  keys: string[];
}

/**
 * Every table into files of a private temporary folder, from one consistent snapshot (a
 * read-only, repeatable-read transaction): the transaction lasts as long as the database takes to
 * answer, never as long as a slow download.
 */
async function snapshot(db: Db, now: Date): Promise<Snapshot> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-backup-'));
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      await tx.execute(sql`set local timezone = 'UTC'`);
      const migration = await appliedMigration(tx);
      if (!migration) throw new Error('the database was never migrated');
      const tables = [];
      for (const table of await readTables(tx)) {
        const file = path.join(dir, `${table.name}.jsonl`);
        const rows = await dumpTable(tx, table, file);
        tables.push({ ...table, entry: `tables/${table.name}.jsonl`, rows, file });
      }
      return {
        dir,
        createdAt: now,
        migration,
        tables,
        sequences: await readSequences(tx),
        keys: await objectKeys(tx),
      };
    });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Yields `source` while measuring it; fails when it is not exactly `size` bytes. */
async function* measured(
  source: AsyncIterable<Buffer>,
  size: number,
  name: string,
  into: Manifest['entries'],
) {
  const hash = createHash('sha256');
  let seen = 0;
  for await (const chunk of source) {
    seen += chunk.length;
    if (seen > size) break;
    hash.update(chunk);
    yield chunk;
  }
  if (seen !== size) throw new Error(`${name} changed while it was archived`);
  into[name] = { size, sha256: hash.digest('hex') };
}

async function* archive(snap: Snapshot, storage: FileStorage, source: Manifest['source']) {
  try {
    const entries: Manifest['entries'] = {};
    for (const table of snap.tables) {
      const size = fs.statSync(table.file).size;
      yield tarHeader({ name: table.entry, size }, snap.createdAt);
      yield* measured(fs.createReadStream(table.file), size, table.entry, entries);
      yield tarPadding(size);
    }
    const files: Manifest['files'] = [];
    const missingFiles: string[] = [];
    for (const key of snap.keys) {
      const stat = await storage.stat(key);
      const body = stat ? await storage.read(key) : null;
      if (!stat || !body) {
        missingFiles.push(key);
        continue;
      }
      const entry = `files/${key}`;
      yield tarHeader({ name: entry, size: stat.sizeBytes }, snap.createdAt);
      yield* measured(body as AsyncIterable<Buffer>, stat.sizeBytes, entry, entries);
      yield tarPadding(stat.sizeBytes);
      files.push({ key, entry });
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: snap.createdAt.toISOString(),
      migration: snap.migration,
      source,
      tables: snap.tables.map(({ name, entry, rows, columns, primaryKey, deferred }) => ({
        name,
        entry,
        rows,
        columns,
        primaryKey,
        deferred,
      })),
      sequences: snap.sequences,
      files,
      missingFiles,
      entries,
    };
    const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    yield tarHeader({ name: MANIFEST_ENTRY, size: body.length }, snap.createdAt);
    yield body;
    yield tarPadding(body.length);
    yield TAR_END;
  } finally {
    fs.rmSync(snap.dir, { recursive: true, force: true });
  }
}

export interface Backup {
  /** The archive (.tar.gz) as it is made; read it to the end, or destroy it. */
  stream: Readable;
  /** Rows per table, as archived. */
  counts: Record<string, number>;
  createdAt: Date;
}

/**
 * The whole database (but the ephemeral tables) and every attachment it names, as one gzipped
 * tar: `tables/<table>.jsonl` in restore order, `files/<key>`, then `manifest.json`. The rows are
 * read first, from one snapshot; the attachments then stream from the storage one at a time.
 * The archive holds password hashes: it is as sensitive as the database.
 */
export async function createBackup(
  deps: { database: Pick<Database, 'db' | 'kind'>; storage: FileStorage },
  now: Date,
): Promise<Backup> {
  const snap = await snapshot(deps.database.db, now);
  const gzip = zlib.createGzip();
  pipeline(
    Readable.from(
      archive(snap, deps.storage, { database: deps.database.kind, storage: deps.storage.kind }),
    ),
    gzip,
  ).catch(() => {
    // pipeline has already destroyed `gzip` with the error: its reader sees it.
  });
  return {
    stream: gzip,
    counts: Object.fromEntries(snap.tables.map((t) => [t.name, t.rows])),
    createdAt: now,
  };
}
