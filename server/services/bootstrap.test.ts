import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { appaSubmissions, instance, users } from '../db/schema';
import { openTestDatabase } from '../test/helper';
import { bootstrapDatabase } from './bootstrap';
import { isDemoDatabase } from './demo';
import { verifyPassword } from './passwords';

const log = { info: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
let database: Database;
let dataDir: string;

beforeEach(async () => {
  database = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-boot-'));
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe('bootstrapDatabase', () => {
  it('creates the administrator of the environment, with no forced change', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      APPA_DEMO: '0',
      APPA_ADMIN_USERNAME: 'jefa',
      APPA_ADMIN_PASSWORD: 'una clave muy segura',
    });
    await bootstrapDatabase(database.db, config, log);
    const [admin] = await database.db.select().from(users);
    expect(admin).toMatchObject({ username: 'jefa', role: 'ADMIN', mustChangePassword: false });
    expect(await verifyPassword(admin?.password ?? null, 'una clave muy segura')).toBe(true);
  });

  it('otherwise creates an admin with a random password printed once, to be changed', async () => {
    await bootstrapDatabase(database.db, loadConfig({ DATA_DIR: dataDir, APPA_DEMO: '0' }), log);
    const [admin] = await database.db.select().from(users);
    expect(admin).toMatchObject({ username: 'admin', role: 'ADMIN', mustChangePassword: true });
    const printed = vi.mocked(console.log).mock.calls.flat().join('\n');
    const password = /contraseña temporal "([^"]+)"/.exec(printed)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(await verifyPassword(admin?.password ?? null, password)).toBe(true);
  });

  it('fills the demo organisation once, with its credentials in DATA_DIR', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    await bootstrapDatabase(database.db, config, log);
    await bootstrapDatabase(database.db, config, log);
    const roles = await database.db
      .select({ role: users.role, n: count() })
      .from(users)
      .groupBy(users.role);
    const byRole = Object.fromEntries(roles.map((r) => [r.role, r.n]));
    expect(byRole).toMatchObject({ ADMIN: 1, CONSEJO: 2, VP: 2, GERENTE: 4, LIDER: 8 });
    expect(byRole.USER).toBeGreaterThanOrEqual(8);
    const accounts = JSON.parse(
      fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'),
    );
    expect(accounts).toHaveLength(32);
    const [leader] = await database.db
      .select()
      .from(users)
      .where(eq(users.username, accounts[8].username));
    expect(leader?.managerId).not.toBeNull();
    expect(await verifyPassword(leader?.password ?? null, accounts[8].password)).toBe(true);
    const [reports] = await database.db.select({ n: count() }).from(appaSubmissions);
    expect(reports?.n).toBeGreaterThan(60);
  });

  it('remembers that the database is a demo, and that one with a configured administrator is not', async () => {
    await bootstrapDatabase(database.db, loadConfig({ DATA_DIR: dataDir }), log);
    expect(await isDemoDatabase(database.db)).toBe(true);

    const other = await openTestDatabase();
    const admin = { APPA_ADMIN_USERNAME: 'jefa', APPA_ADMIN_PASSWORD: 'una clave muy segura' };
    await bootstrapDatabase(other.db, loadConfig({ DATA_DIR: dataDir, ...admin }), log);
    expect(await isDemoDatabase(other.db)).toBe(false);
    const [{ n } = { n: 0 }] = await other.db.select({ n: count() }).from(users);
    expect(n).toBe(1);
    await other.close();
  });

  it('with APPA_DEMO=1 fills the demo organisation beside a configured administrator', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      APPA_DEMO: '1',
      APPA_ADMIN_USERNAME: 'jefa',
      APPA_ADMIN_PASSWORD: 'una clave muy segura',
    });
    await bootstrapDatabase(database.db, config, log);
    expect(await isDemoDatabase(database.db)).toBe(true);
    expect(config.demoSignIn).toBe(false);
  });

  it('recognises a demo filled by an earlier version by its credentials file', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, APPA_DEMO: '0' });
    await bootstrapDatabase(database.db, config, log);
    // As an earlier version left it: people, no record of what the database is.
    await database.db.delete(instance);
    fs.writeFileSync(path.join(dataDir, 'demo-credentials.json'), '[]');
    await bootstrapDatabase(database.db, config, log);
    expect(await isDemoDatabase(database.db)).toBe(true);

    const plain = await openTestDatabase();
    await bootstrapDatabase(plain.db, config, log);
    await plain.db.delete(instance);
    fs.rmSync(path.join(dataDir, 'demo-credentials.json'));
    await bootstrapDatabase(plain.db, config, log);
    expect(await isDemoDatabase(plain.db)).toBe(false);
    await plain.close();
  });
});
