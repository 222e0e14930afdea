import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Role, UserStatus } from '../../common/roles';
import { buildApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import type { AppContext } from '../context';
import { openPgliteThread, openPostgres, type Database } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { eq } from 'drizzle-orm';
import { createReadCache } from '../lib/read-cache';
import { createMailer } from '../adapters/mail';
import { createUser } from '../services/users';
import { createStorage } from '../adapters/storage';
import { TEMPLATE_DB, withDatabase } from './global-setup';

/** A clock the test moves by hand. */
export class TestClock {
  constructor(public current = new Date('2026-11-18T15:00:00Z')) {}
  now = () => new Date(this.current.getTime());
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** A fresh, migrated database for one test file. */
export async function openTestDatabase(): Promise<Database> {
  const templateUrl = inject('postgresTemplateUrl');
  if (templateUrl) {
    const name = `appa_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: templateUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openPostgres(withDatabase(templateUrl, name), { migrate: false });
    return {
      ...database,
      async close() {
        await database.close();
        const drop = new pg.Client({ connectionString: templateUrl });
        await drop.connect();
        await drop.query(`drop database if exists ${name} with (force)`);
        await drop.end();
      },
    };
  }
  const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
  return openPgliteThread({ snapshot }, { migrate: false });
}

export const TEST_ORIGIN = 'http://localhost:80';

export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'storage' | 'mailer' | 'logger' | 'metrics'> = {},
) {
  const database = await openTestDatabase();
  const clock = new TestClock();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-test-'));
  const config: Config = {
    // Shared views follow every write unless a test asks for the lag production has.
    ...loadConfig({
      NODE_ENV: 'test',
      APPA_DEMO: '0',
      DATA_DIR: dataDir,
      SHARED_VIEWS_LAG_MS: '0',
    }),
    ...overrides,
  };
  const storage = options.storage ?? (await createStorage(config, database.db, clock.now));
  const mailer = options.mailer ?? createMailer(config);
  const readCache = createReadCache({ clock: clock.now, sharedLagMs: config.sharedViewsLagMs });
  const app = await buildApp({
    config,
    database,
    clock: clock.now,
    storage,
    mailer,
    readCache,
    clientDir: null,
    logger: options.logger,
    metrics: options.metrics,
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock: clock.now,
    storage,
    mailer,
    readCache,
  };
  return {
    app,
    ctx,
    db: database.db,
    clock,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** A second instance of the server on the same database (its own cache), as behind a load balancer. */
export function buildSecondInstance(t: Pick<TestApp, 'ctx'>) {
  return buildApp({
    config: t.ctx.config,
    database: t.ctx.database,
    clock: t.ctx.clock,
    clientDir: null,
  });
}

let counter = 0;

/** Makes a user; `password` is their plain password. */
/** Before every week the tests look at: a Monday morning in Lima. */
export const LONG_AGO = new Date('2020-01-06T12:00:00Z');

export async function buildUser(
  t: Pick<TestApp, 'db'>,
  overrides: {
    role?: Role;
    status?: UserStatus;
    mustChangePassword?: boolean;
    password?: string;
    fullName?: string;
    email?: string;
    managerId?: string | null;
    unidadOrganizacional?: string | null;
    cargo?: string | null;
    /**
     * When they joined, and (for another status) when that status began: long before any week the
     * tests look at, unless a test of history says otherwise.
     */
    since?: Date;
  } = {},
): Promise<UserRow & { plainPassword: string }> {
  counter += 1;
  const password = overrides.password ?? `Clave-segura-${counter}-x`;
  // A millisecond apart: who was created first stays the one built first (the first administrator).
  const since = overrides.since ?? new Date(LONG_AGO.getTime() + counter);
  const row = await createUser(t.db, {
    email: overrides.email ?? `persona${counter}.${randomBytes(3).toString('hex')}@example.com`,
    fullName: overrides.fullName ?? `Persona de Prueba ${counter}`,
    role: overrides.role ?? 'USER',
    managerId: overrides.managerId ?? null,
    unidadOrganizacional: overrides.unidadOrganizacional ?? null,
    cargo: overrides.cargo ?? null,
    password,
    mustChangePassword: overrides.mustChangePassword ?? false,
    createdAt: since,
  });
  let final = row;
  if (overrides.status && overrides.status !== 'ACTIVO') {
    const [updated] = await t.db
      .update(users)
      .set({ status: overrides.status, statusChangedAt: since })
      .where(eq(users.id, row.id))
      .returning();
    if (updated) final = updated;
  }
  return { ...final, plainPassword: password };
}

/** Signs in through the API; answers the bearer token and the session cookie. */
export async function signIn(t: Pick<TestApp, 'app'>, username: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  // `__Host-appa_session` when PUBLIC_URL is https.
  const cookie = res.cookies.find((c) => c.name.endsWith('appa_session'));
  if (!cookie) throw new Error('no session cookie');
  return {
    token: (res.json() as { token: string }).token,
    cookie: `${cookie.name}=${cookie.value}`,
  };
}

/** A signed-in user's bearer header, for `inject`. */
export async function authHeader(
  t: Pick<TestApp, 'app'>,
  user: { username: string; plainPassword: string },
): Promise<Record<string, string>> {
  const { token } = await signIn(t, user.username, user.plainPassword);
  return { authorization: `Bearer ${token}` };
}
