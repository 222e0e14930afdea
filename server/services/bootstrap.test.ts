import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { appaSubmissions, users } from '../db/schema';
import { openTestDatabase } from '../test/helper';
import { bootstrapDatabase } from './bootstrap';
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
});
