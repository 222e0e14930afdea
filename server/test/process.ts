import { spawn } from 'node:child_process';
import net from 'node:net';
import { freePort } from '../../scripts/lib/net.mjs';

/** The real entry point as a child process (from the sources, through tsx), as index.test.ts does. */
/**
 * Ceilings for tests that start server processes: each start compiles the server with tsx, which
 * takes seconds on a quiet machine and far longer on a busy CI machine. They bound a hang; they
 * are not measurements.
 */
export const PROCESS_START_MS = 300_000;
export const PROCESS_TEST_MS = 600_000;

export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', APPA_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  return { child, exited, output: () => output };
}

export { freePort, waitFor } from '../../scripts/lib/net.mjs';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut (every connection dropped, new ones
 * refused) and restore on the same port, to play a database that goes away and comes back.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let frozen = false;
  const open = () =>
    new Promise<void>((resolve) => {
      frozen = false;
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        if (frozen) return;
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  /**
   * Connections stay open but nothing crosses them any more, as when a firewall drops a
   * connection without a word: neither side hears of it.
   */
  const freeze = async () => {
    frozen = true;
    for (const s of sockets) {
      s.unpipe();
      s.pause();
    }
  };
  await open();
  return { port, cut, restore: open, close: cut, freeze };
}
