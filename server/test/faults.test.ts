import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { MSG } from '../../common/messages';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import {
  LISTENER_APPLICATION_NAME,
  openPglite,
  openPostgres,
  type Database,
  type Db,
} from '../db/client';
import { createUser } from '../services/users';
import { TEMPLATE_DB, withDatabase } from './global-setup';
import { authHeader, buildUser } from './helper';
import {
  freePort,
  PROCESS_START_MS,
  PROCESS_TEST_MS,
  startServer,
  startTcpProxy,
  waitFor,
} from './process';

/**
 * What a crash and a lost database do to people's work. Each test runs on the database the suite
 * runs on: the embedded one in `npm test`, PostgreSQL when CI's second run sets DATABASE_URL.
 */
const templateUrl = inject('postgresTemplateUrl');
const onPostgres = Boolean(templateUrl);

const execFileAsync = promisify(execFile);
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function createPostgresDatabase(): Promise<string> {
  const name = `appa_f_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: templateUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: templateUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  });
  return withDatabase(templateUrl, name);
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-faults-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Author {
  username: string;
  password: string;
}

async function seedAuthors(db: Db, count: number): Promise<Author[]> {
  const authors: Author[] = [];
  for (let i = 0; i < count; i++) {
    const author = { username: `autor${i}`, password: `Clave-de-autor-${i}-x` };
    await createUser(db, {
      email: `autor${i}@example.com`,
      fullName: `Autor ${i}`,
      username: author.username,
      role: 'USER',
      managerId: null,
      password: author.password,
      mustChangePassword: false,
    });
    authors.push(author);
  }
  return authors;
}

/** Where the server keeps its data, seeded with authors before the server first opens it. */
async function prepareStore(
  count: number,
): Promise<{ env: Record<string, string>; authors: Author[] }> {
  const dataDir = tempDir();
  if (onPostgres) {
    const url = await createPostgresDatabase();
    const database = await openPostgres(url, { migrate: false });
    const authors = await seedAuthors(database.db, count);
    await database.close();
    return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, authors };
  }
  const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  const authors = await seedAuthors(database.db, count);
  await database.close();
  return { env: { DATA_DIR: dataDir }, authors };
}

const AUTHORS = 16;
const SAVES_BEFORE_KILL = 120;

describe(`faults (${onPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it(
    'keeps every acknowledged save and send after the process is killed mid-write (SIGKILL)',
    async () => {
      const { env, authors } = await prepareStore(AUTHORS);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const serverEnv = { ...env, PORT: String(port), HOST: '127.0.0.1' };
      const first = startServer(serverEnv);
      cleanups.push(async () => void first.child.kill('SIGKILL'));
      await waitFor(async () => (await fetch(`${base}/api/ready`)).ok, 'ready', {
        exited: first.exited,
        timeoutMs: PROCESS_START_MS,
      });

      const tokens = await Promise.all(
        authors.map(async (a) => {
          const res = await fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: a.username, password: a.password }),
          });
          expect(res.status).toBe(200);
          return ((await res.json()) as { token: string }).token;
        }),
      );

      // Each author saves version after version, one at a time; a quarter of them send at some point.
      const state = authors.map(() => ({
        acked: 0,
        attempted: 0,
        send: 'no' as 'no' | 'tried' | 'acked',
      }));
      const failures: string[] = [];
      let totalAcked = 0;
      let killed = false;
      const loops = authors.map(async (author, i) => {
        const s = state[i] ?? { acked: 0, attempted: 0, send: 'no' };
        for (let v = 1; !killed; v++) {
          const sending = i % 4 === 0 && v === 4 + i;
          s.attempted = v;
          if (sending) s.send = 'tried';
          let res: Response;
          try {
            res = await fetch(`${base}/api/appa`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}` },
              body: JSON.stringify({
                avances: `versión ${v} de ${author.username}`,
                planes: 'Planes de la semana',
                status: sending ? 'ENVIADO' : 'BORRADOR',
              }),
            });
            await res.arrayBuffer();
          } catch {
            return; // the process is gone: this write was never acknowledged
          }
          if (res.status !== 200) {
            failures.push(`${author.username} v${v}: ${res.status}`);
            return;
          }
          s.acked = v;
          totalAcked += 1;
          if (sending) {
            s.send = 'acked';
            return;
          }
        }
      });
      await waitFor(
        async () => totalAcked >= SAVES_BEFORE_KILL && state.some((s) => s.send === 'acked'),
        'enough acknowledged writes',
        { exited: first.exited, timeoutMs: PROCESS_START_MS },
      );
      first.child.kill('SIGKILL');
      killed = true;
      await first.exited;
      await Promise.all(loops);
      expect(failures).toEqual([]);

      const second = startServer(serverEnv);
      cleanups.push(async () => void second.child.kill('SIGKILL'));
      await waitFor(async () => (await fetch(`${base}/api/ready`)).ok, 'ready after restart', {
        exited: second.exited,
        timeoutMs: PROCESS_START_MS,
      });
      const lost: string[] = [];
      for (const [i, author] of authors.entries()) {
        const s = state[i] ?? { acked: 0, attempted: 0, send: 'no' };
        const res = await fetch(`${base}/api/appa/current`, {
          headers: { authorization: `Bearer ${tokens[i]}` },
        });
        expect(res.status).toBe(200);
        const { report } = (await res.json()) as {
          report: { avances: string; planes: string; status: string } | null;
        };
        const version = Number(/^versión (\d+) de /.exec(report?.avances ?? '')?.[1] ?? 0);
        // The last acknowledged version, or the one in flight when the process died; nothing older.
        if (version < s.acked || version > s.attempted) {
          lost.push(`${author.username}: acknowledged v${s.acked}, found v${version}`);
        }
        if (report && report.avances !== `versión ${version} de ${author.username}`) {
          lost.push(`${author.username}: damaged text ${JSON.stringify(report.avances)}`);
        }
        if (s.send === 'acked' && report?.status !== 'ENVIADO') {
          lost.push(`${author.username}: acknowledged send found as ${report?.status}`);
        }
      }
      expect(lost).toEqual([]);
      expect(state.reduce((n, s) => n + s.acked, 0)).toBeGreaterThanOrEqual(SAVES_BEFORE_KILL);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    'answers 503 on /api/ready and a Spanish message to users while the database is unreachable, and recovers by itself',
    async () => {
      const outage = await databaseWithOutage();
      const dataDir = tempDir();
      const config = loadConfig({ NODE_ENV: 'test', APPA_DEMO: '0', DATA_DIR: dataDir });
      const app = await buildApp({ config, database: outage.database, clientDir: null });
      cleanups.push(async () => {
        await app.close();
        await outage.database.close();
      });
      const t = { app, db: outage.database.db };
      const author = await buildUser(t);
      const auth = await authHeader(t, author);

      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

      await outage.cut();
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: MSG.databaseUnavailable });
      for (const request of [
        { method: 'GET' as const, url: '/api/appa/current', headers: auth },
        {
          method: 'POST' as const,
          url: '/api/appa',
          headers: auth,
          payload: { avances: 'Durante la caída', status: 'BORRADOR' },
        },
        {
          method: 'POST' as const,
          url: '/api/auth/login',
          payload: { username: author.username, password: author.plainPassword },
        },
      ]) {
        const res = await app.inject(request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(503);
        expect(res.json()).toEqual({ message: MSG.databaseUnavailable });
      }
      // Liveness does not depend on the database: an orchestrator must not restart a healthy process.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      await outage.restore();
      await waitFor(
        async () => (await app.inject({ method: 'GET', url: '/api/ready' })).statusCode === 200,
        'ready after the database returns',
        { timeoutMs: PROCESS_START_MS },
      );
      const save = await app.inject({
        method: 'POST',
        url: '/api/appa',
        headers: auth,
        payload: { avances: 'Después de la caída', status: 'BORRADOR' },
      });
      expect(save.statusCode).toBe(200);
      expect(save.json()).toMatchObject({ avances: 'Después de la caída' });
    },
    PROCESS_TEST_MS,
  );

  it(
    'listens again after an outage longer than one retry, and says it missed what was notified',
    async () => {
      const outage = await databaseWithOutage();
      cleanups.push(() => outage.database.close());
      const heard: string[] = [];
      let resumed = 0;
      const stop = await outage.database.listen(
        'appa_faults_listen',
        (payload) => heard.push(payload),
        () => (resumed += 1),
      );
      cleanups.push(stop);
      const notify = async (payload: string) => {
        // From another connection, as another instance would.
        const other = onPostgres
          ? await openPostgres(outage.directUrl ?? '', { migrate: false })
          : outage.database;
        await other.db.execute(sql`select pg_notify('appa_faults_listen', ${payload})`);
        if (other !== outage.database) await other.close();
      };
      await notify('antes');
      await outage.database.caughtUp();
      expect(heard).toEqual(['antes']);

      const cutAt = Date.now();
      await outage.cut();
      if (onPostgres) {
        await waitFor(
          async () => outage.database.notificationsDown() !== null,
          'the listener is down',
        );
        // Longer than the single retry, 2 s later, that used to be the last.
        await waitFor(async () => Date.now() - cutAt > 3_000, 'an outage of more than 3 s');
        expect(outage.database.notificationsDown()).toMatch(
          /^sin avisos de la base de datos desde /,
        );
        await notify('durante');
      } else {
        // The embedded database notifies in-process: nothing to miss.
        expect(outage.database.notificationsDown()).toBeNull();
      }
      await outage.restore();
      await waitFor(
        async () => outage.database.notificationsDown() === null && (!onPostgres || resumed === 1),
        'listening again',
        { timeoutMs: PROCESS_START_MS },
      );
      await notify('después');
      await outage.database.caughtUp();
      await waitFor(async () => heard.includes('después'), 'a notification after the outage');
      // What was notified while it was away is missed, and said to be.
      expect(heard).toEqual(['antes', 'después']);
      expect(resumed).toBe(onPostgres ? 1 : 0);

      if (onPostgres && outage.freeze) {
        // A connection cut without a word looks alive: its heartbeat finds out.
        await outage.freeze();
        await waitFor(
          async () => outage.database.notificationsDown() !== null,
          'a silent listener taken for lost',
        );
        await outage.cut();
        await outage.restore();
        await waitFor(
          async () => outage.database.notificationsDown() === null && resumed === 2,
          'listening again after the silent cut',
          { timeoutMs: PROCESS_START_MS },
        );
        await notify('al final');
        await outage.database.caughtUp();
        await waitFor(
          async () => heard.includes('al final'),
          'a notification after the silent cut',
        );
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    "a second instance that could not see the first one's attachments refuses to start, saying what to do",
    async () => {
      const { env } = await prepareStore(0);
      const port = await freePort();
      const first = startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' });
      cleanups.push(async () => void first.child.kill('SIGKILL'));
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok, 'ready', {
        exited: first.exited,
        timeoutMs: PROCESS_START_MS,
      });
      // On PostgreSQL, another machine with its own disk; embedded, the same folder.
      const elsewhere = { ...env, ...(onPostgres ? { DATA_DIR: tempDir() } : {}) };
      const otherPort = await freePort();
      const start = () => startServer({ ...elsewhere, PORT: String(otherPort), HOST: '127.0.0.1' });
      const refused = start();
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain(
        onPostgres ? 'configura un almacenamiento S3' : 'Otro proceso de APPA',
      );
      // Once the first has stopped, the other may take its place.
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const next = start();
      cleanups.push(async () => void next.child.kill('SIGKILL'));
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${otherPort}/api/ready`)).ok,
        'the other instance ready',
        { exited: next.exited, timeoutMs: PROCESS_START_MS },
      );
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    'two instances refuse a session revoked on either one, across a database restart and while one is not listening',
    async () => {
      const restart = await restartableDatabase();
      const dataDir = tempDir();
      const config = loadConfig({ NODE_ENV: 'test', APPA_DEMO: '0', DATA_DIR: dataDir });
      const first = await buildApp({ config, database: restart.databases[0], clientDir: null });
      const second = await buildApp({ config, database: restart.databases[1], clientDir: null });
      cleanups.push(async () => {
        await first.close();
        await second.close();
        await restart.close();
      });
      const a = { app: first, db: restart.databases[0].db };
      const author = await buildUser(a);
      const ready = async (app: typeof first) =>
        (await app.inject({ method: 'GET', url: '/api/ready' })).statusCode;
      const me = async (app: typeof first, headers: Record<string, string>) =>
        (await app.inject({ method: 'GET', url: '/api/user', headers })).statusCode;

      // Both instances keep the session after its first use.
      const kept = await authHeader(a, author);
      expect(await me(first, kept)).toBe(200);
      expect(await me(second, kept)).toBe(200);

      await restart.stop();
      expect(await ready(first)).toBe(503);
      expect(await ready(second)).toBe(503);
      await restart.start();
      await waitFor(async () => (await ready(first)) === 200, 'the first instance ready again', {
        timeoutMs: PROCESS_START_MS,
      });

      // Signed out on the first instance as soon as it can write, whether or not the second
      // listens again yet: the second refuses the session at once.
      expect(
        (await first.inject({ method: 'POST', url: '/api/logout', payload: {}, headers: kept }))
          .statusCode,
      ).toBe(200);
      await restart.databases[1].caughtUp();
      expect(await me(second, kept)).toBe(401);
      await waitFor(async () => (await ready(second)) === 200, 'the second instance ready again', {
        timeoutMs: PROCESS_START_MS,
      });

      // Only the listeners are lost: what the second instance kept is not trusted meanwhile.
      const other = await authHeader(a, author);
      expect(await me(second, other)).toBe(200);
      await restart.dropListeners();
      expect(
        (await first.inject({ method: 'POST', url: '/api/logout', payload: {}, headers: other }))
          .statusCode,
      ).toBe(200);
      await restart.databases[1].caughtUp();
      expect(await me(second, other)).toBe(401);
      await waitFor(
        async () => restart.databases[1].notificationsDown() === null,
        'the second instance listening again',
        { timeoutMs: PROCESS_START_MS },
      );
      const third = await authHeader(a, author);
      expect(await me(second, third)).toBe(200);
      expect(await me(first, third)).toBe(200);
    },
    PROCESS_TEST_MS,
  );
});

/**
 * A database the test can take away and give back. PostgreSQL: the server's pool reaches it
 * through a TCP proxy that is cut (connections dropped, new ones refused) and reopened. The
 * embedded database lives inside the process and cannot become unreachable on its own, so the
 * nearest thing is done: its client refuses every query, with the error a lost connection gives.
 */
async function databaseWithOutage(): Promise<{
  database: Database;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  /** PostgreSQL: the database itself, not through the proxy that the outage cuts. */
  directUrl?: string;
  /** PostgreSQL: connections stay open and carry nothing (see startTcpProxy). */
  freeze?: () => Promise<void>;
}> {
  if (onPostgres) {
    const direct = new URL(await createPostgresDatabase());
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    cleanups.push(proxy.close);
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const database = await openPostgres(viaProxy.toString(), { migrate: false });
    return {
      database,
      cut: proxy.cut,
      restore: proxy.restore,
      freeze: proxy.freeze,
      directUrl: direct.toString(),
    };
  }
  const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
  const database = await openPglite(
    { memory: true, loadDataDir: new Blob([snapshot]) },
    { migrate: false },
  );
  const client = database.pglite;
  const original = { query: client.query, exec: client.exec, transaction: client.transaction };
  const refuse = () =>
    Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
  return {
    database,
    async cut() {
      client.query = refuse;
      client.exec = refuse;
      client.transaction = refuse;
    },
    async restore() {
      Object.assign(client, original);
    },
  };
}

/**
 * Two instances' databases that the test can stop and start. PostgreSQL: a server of the test's
 * own (scripts/pg-throwaway.sh), really stopped (fast shutdown, every connection cut) and started
 * again on the same port; each instance has its own pool and listeners. The embedded database
 * cannot stop apart from its process: both instances share it, and its client refuses every query
 * meanwhile (as databaseWithOutage does).
 */
async function restartableDatabase(): Promise<{
  databases: [Database, Database];
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Ends every listening connection and nothing else, as a failover of a proxy might. */
  dropListeners: () => Promise<void>;
  close: () => Promise<void>;
}> {
  if (onPostgres) {
    const state = path.join(tempDir(), 'pg.state');
    const script = path.resolve(import.meta.dirname, '../../scripts/pg-throwaway.sh');
    const run = async (command: string) => {
      const { stdout } = await execFileAsync('bash', [script, command], {
        env: { ...process.env, APPA_PG_STATE: state },
      });
      return stdout;
    };
    const url = /DATABASE_URL=(\S+)/.exec(await run('start'))?.[1] ?? '';
    const one = await openPostgres(url);
    const two = await openPostgres(url, { migrate: false });
    return {
      databases: [one, two],
      stop: async () => void (await run('pause')),
      start: async () => void (await run('resume')),
      async dropListeners() {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`,
          [LISTENER_APPLICATION_NAME],
        );
        await admin.end();
      },
      async close() {
        await one.close();
        await two.close();
        await run('stop');
      },
    };
  }
  const outage = await databaseWithOutage();
  return {
    databases: [outage.database, outage.database],
    stop: outage.cut,
    start: outage.restore,
    dropListeners: async () => {},
    close: () => outage.database.close(),
  };
}
