import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { BACKUP_FORMAT_VERSION } from '../../../common/schemas/demo';
import type { Database, Db } from '../../db/client';
import type { FileStorage } from '../storage/types';
import { audit } from '../../services/audit';
import { pauseJobs } from '../../services/jobs-pause';
import { appliedMigration, journal, readTables, rowsOf, SELF_MADE_ROWS } from './catalog';
import { migrateUpTo } from './migrate-to';
import {
  ARCHIVE_FORMAT,
  BACKUP_MSG,
  BackupError,
  MANIFEST_ENTRY,
  manifestSchema,
  type Manifest,
} from './manifest';
import { readTar, TarFormatError, type TarEntryHeader } from './tar';

/** Opens the archive (.tar.gz) from its start; restoring reads it more than once. */
export type ArchiveSource = () => Readable;

/** The largest manifest read: it lists entries, it never holds data. */
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;
/** Rows sent per insert. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

/** Reads every entry of the archive in order; turns a broken stream into the Spanish refusal. */
async function eachEntry(
  open: ArchiveSource,
  onEntry: (header: TarEntryHeader, body: AsyncIterable<Buffer>) => Promise<void>,
) {
  const source = open();
  const gunzip = zlib.createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  try {
    await readTar(source.pipe(gunzip), onEntry);
  } catch (error) {
    if (error instanceof TarFormatError || (error as { code?: string }).code?.startsWith('Z_'))
      throw new BackupError(BACKUP_MSG.notAnArchive);
    throw error;
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

function parseManifest(bytes: Buffer): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError(BACKUP_MSG.badManifest);
  }
  const head = raw as { format?: unknown; version?: unknown } | null;
  if (head?.format !== ARCHIVE_FORMAT) throw new BackupError(BACKUP_MSG.badManifest);
  if (typeof head.version !== 'number' || head.version > BACKUP_FORMAT_VERSION)
    throw new BackupError(BACKUP_MSG.newerFormat(head.version));
  if (head.version < BACKUP_FORMAT_VERSION)
    throw new BackupError(BACKUP_MSG.olderFormat(head.version));
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError(BACKUP_MSG.badManifest);
  return parsed.data;
}

/**
 * Reads the whole archive once and checks it: a manifest of a format this version reads, every
 * entry it lists present with its size and SHA-256, and nothing it does not list. Answers the
 * manifest; throws BackupError (changing nothing anywhere) otherwise.
 */
export async function verifyArchive(open: ArchiveSource): Promise<Manifest> {
  const measured = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | null = null;
  await eachEntry(open, async (header, body) => {
    if (header.name === MANIFEST_ENTRY) {
      if (header.size > MANIFEST_MAX_BYTES) throw new BackupError(BACKUP_MSG.badManifest);
      const parts: Buffer[] = [];
      for await (const chunk of body) parts.push(Buffer.from(chunk));
      manifestBytes = Buffer.concat(parts);
      return;
    }
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of body) {
      hash.update(chunk);
      size += chunk.length;
    }
    measured.set(header.name, { size, sha256: hash.digest('hex') });
  });
  if (!manifestBytes) throw new BackupError(BACKUP_MSG.noManifest);
  const manifest = parseManifest(manifestBytes);
  const listed = [...manifest.tables.map((t) => t.entry), ...manifest.files.map((f) => f.entry)];
  for (const name of listed) {
    const expected = manifest.entries[name];
    const found = measured.get(name);
    if (!found) throw new BackupError(BACKUP_MSG.missingEntry(name));
    if (!expected || expected.size !== found.size || expected.sha256 !== found.sha256)
      throw new BackupError(BACKUP_MSG.checksum(name));
  }
  for (const name of measured.keys())
    if (!listed.includes(name)) throw new BackupError(BACKUP_MSG.unlistedEntry(name));
  return manifest;
}

/**
 * Whether the archive can go into this database: the same migration level (the rows' columns are
 * the columns of that level), the same tables and columns, and not a row in any table the archive
 * restores.
 */
export async function checkTarget(db: Db, manifest: Manifest): Promise<void> {
  const level = await appliedMigration(db);
  const here = level?.tag ?? 'ninguna';
  if (!level || manifest.migration.when > level.when)
    throw new BackupError(BACKUP_MSG.newerMigration(manifest.migration.tag, here));
  if (manifest.migration.when < level.when)
    throw new BackupError(BACKUP_MSG.olderMigration(manifest.migration.tag, here));
  const tables = await readTables(db);
  const columns = (list: { columns: string[] } | undefined) =>
    [...(list?.columns ?? [])].sort().join();
  const names = new Set([...tables, ...manifest.tables].map((t) => t.name));
  const differ = [...names].filter(
    (name) =>
      columns(tables.find((t) => t.name === name)) !==
      columns(manifest.tables.find((t) => t.name === name)),
  );
  if (differ.length > 0) throw new BackupError(BACKUP_MSG.otherSchema(differ.sort()));
  const filled: string[] = [];
  for (const table of tables) {
    const selfMade = SELF_MADE_ROWS[table.name];
    const [row] = await rowsOf<{ any: boolean }>(
      db,
      sql`select exists (select 1 from ${tableRef(table.name)}
          where ${selfMade ? sql`not (${selfMade})` : sql`true`}) as "any"`,
    );
    if (row?.any) filled.push(table.name);
  }
  if (filled.length > 0) throw new BackupError(BACKUP_MSG.notEmpty(filled));
}

const tableRef = (name: string) => sql`${sql.identifier('public')}.${sql.identifier(name)}`;
const columnList = (names: string[]) =>
  sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );

/** Inserts a batch of JSON rows; the deferred columns are left null until every row is in. */
async function insertRows(tx: Db, table: Manifest['tables'][number], lines: string[]) {
  const values = sql.join(
    table.columns.map((c) =>
      table.deferred.includes(c) ? sql`null` : sql`v.${sql.identifier(c)}`,
    ),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${tableRef(table.name)} (${columnList(table.columns)}) overriding system value
        select ${values} from json_populate_recordset(null::${tableRef(table.name)}, ${`[${lines.join(',')}]`}::json) v`,
  );
}

/** Sets the deferred columns of the rows that have them, matched by primary key. */
async function fillDeferred(tx: Db, table: Manifest['tables'][number], lines: string[]) {
  if (lines.length === 0) return;
  const set = sql.join(
    table.deferred.map((c) => sql`${sql.identifier(c)} = v.${sql.identifier(c)}`),
    sql`, `,
  );
  const match = sql.join(
    table.primaryKey.map((c) => sql`t.${sql.identifier(c)} = v.${sql.identifier(c)}`),
    sql` and `,
  );
  await tx.execute(
    sql`update ${tableRef(table.name)} t set ${set}
        from json_populate_recordset(null::${tableRef(table.name)}, ${`[${lines.join(',')}]`}::json) v
        where ${match}`,
  );
}

/** The JSON lines of an entry, one at a time. */
async function* linesOf(body: AsyncIterable<Buffer>) {
  let rest = '';
  for await (const chunk of body) {
    rest += chunk.toString('utf8');
    let end = rest.indexOf('\n');
    while (end !== -1) {
      yield rest.slice(0, end);
      rest = rest.slice(end + 1);
      end = rest.indexOf('\n');
    }
  }
  if (rest) yield rest;
}

async function restoreTable(
  tx: Db,
  table: Manifest['tables'][number],
  body: AsyncIterable<Buffer>,
) {
  let batch: string[] = [];
  let bytes = 0;
  // Only the key and the deferred columns of the rows that have them are kept for later.
  const later: string[] = [];
  for await (const line of linesOf(body)) {
    batch.push(line);
    bytes += line.length;
    if (table.deferred.length > 0) {
      const row = JSON.parse(line) as Record<string, unknown>;
      if (table.deferred.some((c) => row[c] !== null && row[c] !== undefined))
        later.push(
          JSON.stringify(
            Object.fromEntries([...table.primaryKey, ...table.deferred].map((c) => [c, row[c]])),
          ),
        );
    }
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
      await insertRows(tx, table, batch);
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) await insertRows(tx, table, batch);
  for (let i = 0; i < later.length; i += BATCH_ROWS)
    await fillDeferred(tx, table, later.slice(i, i + BATCH_ROWS));
}

export interface RestoreSummary {
  manifest: Manifest;
  /** Rows restored per table. */
  counts: Record<string, number>;
  files: number;
}

/**
 * Restores a verified archive into an empty database of the same migration level, refusing (and
 * changing nothing) otherwise. The attachments are written first: if anything fails after that,
 * the database is still empty and the objects written are unnamed by it (a new restore writes
 * them again). Then every row in one transaction, triggers held back (the archive already holds
 * what they derive, such as people's activity history), deferred references filled, sequences
 * set where they stood; and scheduled jobs paused until an administrator resumes them.
 */
export async function restoreArchive(
  deps: { db: Db; storage: FileStorage },
  open: ArchiveSource,
  now: Date,
  /** What verifyArchive answered for this very archive, if the caller already checked it. */
  verified?: Manifest,
): Promise<RestoreSummary> {
  const manifest = verified ?? (await verifyArchive(open));
  await checkTarget(deps.db, manifest);

  const files = new Map(manifest.files.map((f) => [f.entry, f.key]));
  await eachEntry(open, async (header, body) => {
    const key = files.get(header.name);
    if (key) await deps.storage.restore(key, Readable.from(body), header.size);
  });

  const tables = new Map(manifest.tables.map((t) => [t.entry, t]));
  const counts: Record<string, number> = {};
  await deps.db.transaction(async (tx) => {
    // Rows seen by another writer meanwhile would make the target not empty after all.
    await checkTarget(tx, manifest);
    for (const table of manifest.tables)
      await tx.execute(sql`alter table ${tableRef(table.name)} disable trigger user`);
    for (const [table, rows] of Object.entries(SELF_MADE_ROWS))
      await tx.execute(sql`delete from ${tableRef(table)} where ${rows}`);
    await eachEntry(open, async (header, body) => {
      const table = tables.get(header.name);
      if (!table) return;
      await restoreTable(tx, table, body);
      counts[table.name] = table.rows;
    });
    for (const table of manifest.tables)
      await tx.execute(sql`alter table ${tableRef(table.name)} enable trigger user`);
    for (const sequence of manifest.sequences)
      await tx.execute(
        sql`select setval(format('public.%I', ${sequence.name}::text)::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
      );
    await pauseJobs(tx, {
      since: now.toISOString(),
      reason: 'restore',
      archiveCreatedAt: manifest.createdAt,
    });
    await audit(tx, {
      action: 'system.backup_restored',
      entity: 'system',
      meta: { createdAt: manifest.createdAt, migration: manifest.migration.tag, files: files.size },
    });
  });
  return { manifest, counts, files: files.size };
}

/**
 * What `npm run restore` does with a database opened without migrating: a database never
 * migrated (a new DATA_DIR, a database just created) is migrated to the archive's level, the
 * archive restored, then the later migrations run, so an archive of an earlier version comes back
 * into this one; a database already migrated must be at the archive's level and empty.
 */
export async function restoreIntoDatabase(
  database: Pick<Database, 'db' | 'kind'>,
  storage: FileStorage,
  open: ArchiveSource,
  now: Date,
  verified: Manifest,
): Promise<RestoreSummary> {
  const fresh = (await appliedMigration(database.db)) === null;
  if (fresh) {
    if (!journal().entries.some((e) => e.when === verified.migration.when))
      throw new BackupError(
        BACKUP_MSG.newerMigration(verified.migration.tag, 'ninguna (base de datos nueva)'),
      );
    await migrateUpTo(database, verified.migration);
  }
  const summary = await restoreArchive({ db: database.db, storage }, open, now, verified);
  // The restored rows go through the migrations of this version, as on an upgrade.
  await migrateUpTo(database, null);
  return summary;
}
