import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The real entry point, as `npm start` runs it (from the sources, through tsx).
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, exited: Promise<unknown>) {
  let done = false;
  void exited.then(() => (done = true));
  while (!done) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server exited before it was healthy');
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses a bad variable at start, naming it, and exits non-zero', async () => {
    const server = startServer({ PORT: 'cinco mil' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: PORT debe ser un número de puerto');
  });

  it('starts on an empty data folder, answers health and readiness, and stops cleanly on SIGTERM', async () => {
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
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
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
  }, 60_000);
});
