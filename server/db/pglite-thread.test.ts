import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../lib/db-errors';
import { openPgliteThread, type Database } from './client';

/** The rows of a raw statement (Drizzle types them as unknown, whichever driver answers). */
async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const created = sql`create table if not exists things (id int primary key, at timestamptz, n numeric)`;

describe('the embedded database on its own thread', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-thread-'));
    database = await openPgliteThread({ dataDir: path.join(dir, 'pglite') }, { migrate: false });
    await database.db.execute(created);
  });

  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers queries with parameters, and keeps timestamps as the text Drizzle asked for', async () => {
    await database.db.execute(
      sql`insert into things values (1, ${'2026-11-23T13:00:00Z'}, ${'72.5'})`,
    );
    const rows = await rowsOf(database, sql`select id, at, n from things where id = ${1}`);
    expect(rows).toEqual([{ id: 1, at: '2026-11-23 13:00:00+00', n: '72.5' }]);
  });

  it("carries a database error's code across the thread", async () => {
    const failure = await database.db
      .execute(sql`insert into things (id) values (1)`)
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
  });

  it('commits a transaction held open across messages, and rolls back one that throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (id) values (2)`);
      await tx.execute(sql`insert into things (id) values (3)`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (id) values (4)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (id) values (5)`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    const rows = await rowsOf<{ id: number }>(
      database,
      sql`select id from things where id between 2 and 5 order by id`,
    );
    expect(rows.map((row) => row.id)).toEqual([2, 3]);
  });

  it('makes a statement from outside wait for an open transaction, as one connection does', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (id) values (6)`);
      await held;
    });
    // Asked while the transaction is open, answered after it commits: it sees the row.
    const outside = rowsOf(database, sql`select count(*)::int as count from things where id = 6`);
    release();
    await transaction;
    expect(await outside).toEqual([{ count: 1 }]);
  });

  it('delivers notifications to listeners until they stop', async () => {
    const heard: string[] = [];
    const stop = await database.listen('appa_test', (payload) => heard.push(payload));
    await database.db.execute(sql`select pg_notify('appa_test', 'one')`);
    await stop();
    await database.db.execute(sql`select pg_notify('appa_test', 'two')`);
    await database.ping();
    expect(heard).toEqual(['one']);
  });

  it("leaves the server's thread free while a long query runs", async () => {
    let finished = false;
    const long = database.db
      .execute(sql`select sum(g) from generate_series(1, 3000000) as g`)
      .then(() => (finished = true));
    // In-process, PGlite computes the whole query before the event loop turns again.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(false);
    await long;
  });

  it('fails every later call as a lost connection once closed', async () => {
    const closing = await openPgliteThread(
      { dataDir: path.join(dir, 'second') },
      { migrate: false },
    );
    await closing.close();
    // The code the server answers as "database unavailable" (503), under Drizzle's wrapping.
    await expect(closing.ping()).rejects.toMatchObject({ cause: { code: '08006' } });
  });
});
