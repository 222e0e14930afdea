import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, type Database } from '../../db/client';
import { journal, type MigrationLevel } from './catalog';

/**
 * Applies this version's migrations to the database up to `level` (every one when null). An
 * archive made by an earlier version is restored into a new database migrated to the archive's
 * level, then the rest of the migrations run, as on any upgrade. Throws when `level` is not a
 * migration of this version.
 */
export async function migrateUpTo(
  database: Pick<Database, 'db' | 'kind'>,
  level: MigrationLevel | null,
): Promise<void> {
  const entries = journal().entries;
  const upTo = level ? entries.findIndex((e) => e.when === level.when) : entries.length - 1;
  if (upTo === -1) throw new Error(`unknown migration ${level?.tag ?? ''}`);
  // The migrator reads a folder: one with the journal cut at that level.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-migrations-'));
  try {
    fs.mkdirSync(path.join(folder, 'meta'));
    const full = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    fs.writeFileSync(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...full, entries: full.entries.slice(0, upTo + 1) }),
    );
    for (const entry of entries.slice(0, upTo + 1))
      fs.copyFileSync(
        path.join(migrationsFolder, `${entry.tag}.sql`),
        path.join(folder, `${entry.tag}.sql`),
      );
    if (database.kind === 'pglite')
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else
      await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
