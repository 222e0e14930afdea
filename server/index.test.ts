import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, PROCESS_START_MS, PROCESS_TEST_MS, startServer, waitFor } from './test/process';

/** Polls the health route until it answers, or fails when the server exits first. */
const waitForHealth = (url: string, exited: Promise<unknown>) =>
  waitFor(async () => (await fetch(url)).ok, 'health', { exited, timeoutMs: PROCESS_START_MS });

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it(
    'refuses a bad variable at start, naming it, and exits non-zero',
    async () => {
      const server = startServer({ PORT: 'cinco mil' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('PORT: PORT debe ser un número de puerto');
    },
    PROCESS_TEST_MS,
  );

  it(
    'starts on an empty data folder, answers health and readiness, and stops cleanly on SIGTERM',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-proc-'));
      dirs.push(dataDir);
      const port = await freePort();
      const server = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APPA_DEMO: '0',
      });
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, server.exited);
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(await ready.json()).toEqual({ status: 'ready' });
      expect(server.output()).toMatch(
        /Primer administrador: usuario "admin", contraseña temporal "\w+"/,
      );
      // A second server on the same embedded database refuses to start, naming the first.
      const second = startServer({
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APPA_DEMO: '0',
      });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`Otro proceso de APPA (PID ${server.child.pid})`);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'appa.pid'))).toBe(false);
      // The embedded database is on disk, in DATA_DIR: a restart finds the administrator there.
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
      const again = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APPA_DEMO: '0',
      });
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, again.exited);
      expect(again.output()).not.toContain('Primer administrador');
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    'keeps DATA_DIR and everything in it to its own user, and a demo database on loopback',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-perm-'));
      dirs.push(dataDir);
      fs.chmodSync(dataDir, 0o755);
      const port = await freePort();
      // No HOST: a demo database listens for this machine only.
      const server = startServer({
        PORT: String(port),
        DATA_DIR: dataDir,
        APPA_DEMO: '1',
        LOG_LEVEL: 'info',
        // A copy to look at, not to write to anyone from.
        APPA_JOBS: '0',
      });
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, server.exited);
      expect(server.output()).toContain(`APPA escuchando en http://127.0.0.1:${port}`);
      expect(server.output()).toContain('Tareas programadas desactivadas (APPA_JOBS=0)');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const open: string[] = [];
      const walk = (file: string) => {
        const stat = fs.statSync(file);
        if ((stat.mode & 0o077) !== 0) open.push(`${file} ${(stat.mode & 0o777).toString(8)}`);
        if (stat.isDirectory())
          for (const name of fs.readdirSync(file)) walk(path.join(file, name));
      };
      walk(dataDir);
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      // The embedded database and the demo credentials were written.
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'demo-credentials.json'))).toBe(true);
      expect(open).toEqual([]);
    },
    PROCESS_TEST_MS,
  );
});
