import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from '../../scripts/lib/net.mjs';

/** A built server of a spec's own, on a free port and an empty embedded database. */
export interface OwnServer {
  origin: string;
  stop(): void;
}

/**
 * Starts `dist/server/index.js` with the first administrator `admin` and `env` on top (the
 * configuration the spec needs: SMTP, single sign-on...); answers once it is healthy. `env` may
 * be a function of the server's origin, for what must name it (PUBLIC_URL, a provider's
 * redirect address).
 */
export async function startOwnServer(
  admin: { username: string; password: string },
  env: Record<string, string> | ((origin: string) => Promise<Record<string, string>>),
): Promise<OwnServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'appa-e2e-own-'));
  const server: ChildProcess = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      APPA_DEMO: '0',
      APPA_ADMIN_USERNAME: admin.username,
      APPA_ADMIN_PASSWORD: admin.password,
      PUBLIC_URL: origin,
      ...(typeof env === 'function' ? await env(origin) : env),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  await waitFor(async () => (await fetch(`${origin}/api/health`)).ok, 'the spec’s own server', {
    timeoutMs: 150_000,
    exited,
  });
  return {
    origin,
    stop() {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
