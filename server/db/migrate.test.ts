import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup';
import { migrationsFolder, openPglite, openPostgres, type Database } from './client';

/**
 * Every instance migrates at start. On PostgreSQL several may start at once (a deploy, a restart
 * of all of them): one migrates while the others wait, and each migration is applied once. The
 * embedded database is one process's alone; there, a second start applies nothing again.
 */
const templateUrl = inject('postgresTemplateUrl');
const onPostgres = Boolean(templateUrl);

const journal = JSON.parse(
  fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };

async function applied(database: Database): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select hash from drizzle.__drizzle_migrations order by id`,
  )) as unknown as { rows: { hash: string }[] };
  return result.rows.map((row) => row.hash);
}

async function withEmptyPostgresDatabase(use: (url: string) => Promise<void>) {
  const name = `appa_mig_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: templateUrl });
  await admin.connect();
  // Empty, not from the migrated template: the instances below migrate it from nothing.
  await admin.query(`create database ${name}`);
  try {
    await use(withDatabase(templateUrl, name));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

describe(`migrations at start (${onPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('are applied once, however many instances start together', async () => {
    if (onPostgres) {
      await withEmptyPostgresDatabase(async (url) => {
        const instances = await Promise.all([1, 2, 3].map(() => openPostgres(url)));
        try {
          const hashes = await applied(instances[0] as Database);
          expect(hashes).toHaveLength(journal.entries.length);
          expect(new Set(hashes).size).toBe(hashes.length);
          // Every instance sees the finished schema.
          for (const instance of instances) await instance.db.execute(sql`select 1 from users`);
        } finally {
          await Promise.all(instances.map((instance) => instance.close()));
        }
      });
      return;
    }
    const first = await openPglite({ memory: true });
    const dump = await first.pglite.dumpDataDir('none');
    await first.close();
    const again = await openPglite({ memory: true, loadDataDir: dump });
    try {
      const hashes = await applied(again);
      expect(hashes).toHaveLength(journal.entries.length);
      expect(new Set(hashes).size).toBe(hashes.length);
    } finally {
      await again.close();
    }
  });
});
