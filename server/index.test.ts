import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
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
      expect(await ready.json()).toEqual({ status: 'ready', jobs: 'running' });
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

  it(
    'on SIGTERM stops accepting, tells live streams to reconnect, finishes a request in flight, exits 0',
    async () => {
      const port = await freePort();
      // A grace far longer than the test: whatever ends here ends because it was told to.
      const server = startServer({ ...signedInServer(port), SHUTDOWN_GRACE_SECONDS: '600' });
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, server.exited);
      const token = await signIn(port);

      const stream = openStream(port, token);
      await waitFor(async () => stream.text().includes('retry: 5000'), 'the stream open', {
        exited: server.exited,
      });
      // A sign-in whose body is still arriving when the signal comes.
      const inFlight = await slowSignIn(port, server);

      server.child.kill('SIGTERM');
      await stream.ended;
      // Told to come back soon (not the usual 5 s), and ended while the server still waits for the
      // request in flight: not cut when the process exits.
      expect(stream.text()).toMatch(/retry: 5000\n\n[^]*retry: [1-4]\d{3}\n\n$/);
      expect(server.child.exitCode).toBeNull();
      // No new connection is accepted meanwhile.
      await waitFor(async () => !(await accepts(port)), 'new connections refused', {
        exited: server.exited,
      });

      expect(await inFlight.finish()).toBe(200);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('servidor detenido');
    },
    PROCESS_TEST_MS,
  );

  it(
    'exits 1 when a request is still in flight past SHUTDOWN_GRACE_SECONDS',
    async () => {
      const port = await freePort();
      const server = startServer({ ...signedInServer(port), SHUTDOWN_GRACE_SECONDS: '1' });
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, server.exited);
      // Its body never arrives.
      const inFlight = await slowSignIn(port, server);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('cierre forzado tras 1 s (SHUTDOWN_GRACE_SECONDS)');
      await expect(inFlight.status).rejects.toThrow();
    },
    PROCESS_TEST_MS,
  );
});

const ADMIN = { username: 'admin', password: 'clave-de-prueba-del-cierre' };

/** A server with a known administrator, logging each request it receives. */
function signedInServer(port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-stop-'));
  dirs.push(dataDir);
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APPA_ADMIN_USERNAME: ADMIN.username,
    APPA_ADMIN_PASSWORD: ADMIN.password,
    APPA_JOBS: '0',
    LOG_LEVEL: 'info',
  };
}

async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** GET /api/events, what it has sent so far, and when it ended. */
function openStream(port: number, token: string) {
  let text = '';
  const ended = new Promise<void>((resolve, reject) => {
    const req = http.get(
      `http://127.0.0.1:${port}/api/events`,
      { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve());
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
  return { ended, text: () => text };
}

/**
 * POST /api/auth/login with half of its body sent, once the server has received it (it logs each
 * request it receives): in flight until `finish` sends the rest.
 */
async function slowSignIn(port: number, server: ReturnType<typeof startServer>) {
  const body = JSON.stringify(ADMIN);
  const half = Math.floor(body.length / 2);
  let req: http.ClientRequest | undefined;
  const status = new Promise<number>((resolve, reject) => {
    req = http.request(
      `http://127.0.0.1:${port}/api/auth/login?en-curso`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          origin: `http://127.0.0.1:${port}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
  });
  // Handled here too: a test that expects it cut may look only after the server is gone.
  status.catch(() => {});
  await waitFor(
    async () => server.output().includes('"url":"/api/auth/login?en-curso"'),
    'the request in flight received',
    { exited: server.exited },
  );
  return {
    /** The status it was answered with; rejects when the connection was cut. */
    status,
    finish() {
      req?.end(body.slice(half));
      return status;
    },
  };
}

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
