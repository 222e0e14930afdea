import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { instance } from '../db/schema';

/** Whether this database holds the demo organisation. */
export async function isDemoDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select({ demo: instance.demo }).from(instance).limit(1);
  return row?.demo ?? false;
}

/** Records what this database is, once: on an empty database, whether it was filled as a demo. */
export async function recordInstance(db: Db, demo: boolean) {
  await db.insert(instance).values({ demo }).onConflictDoNothing();
}

/**
 * A database filled before the database remembered being a demo: it is one when the demo
 * organisation's credentials file sits beside it in DATA_DIR, which only the demo seed writes.
 */
export async function recordEarlierInstance(db: Db, config: Config) {
  // A database that already says what it is keeps it: recordInstance never overwrites.
  const seeded =
    !config.databaseUrl && fs.existsSync(path.join(config.dataDir, DEMO_CREDENTIALS_FILE));
  await recordInstance(db, seeded);
}

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.json';

/**
 * Headers a reverse proxy adds: whoever sent the request is not on this machine. X-Forwarded-Host
 * too, which a trusted proxy's request would otherwise make pass for a name of this machine.
 */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'] as const;

export type DemoSignInRefusal = 'not_demo' | 'not_loopback' | 'proxied';

/**
 * Why password-less demo sign-in is refused to this request, or null when it is allowed: it
 * exists only for a demo database without a configured administrator or database server
 * (`config.demoSignIn`), on a server that only this machine can reach, for a request that did
 * not come through a proxy.
 */
export async function demoSignInRefusal(
  config: Config,
  db: Db,
  request: FastifyRequest,
): Promise<DemoSignInRefusal | null> {
  if (!config.demoSignIn || !(await isDemoDatabase(db))) return 'not_demo';
  if (!listensOnLoopback(request.server.server.address())) return 'not_loopback';
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return 'proxied';
  return null;
}

/**
 * A server that does not listen (tests that inject requests) is reachable from inside the
 * process only; a Unix socket may sit behind anything, so it does not count as loopback.
 */
export function listensOnLoopback(address: AddressInfo | string | null): boolean {
  if (address === null) return true;
  if (typeof address === 'string') return false;
  return isLoopbackAddress(address.address);
}

function isLoopbackAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  return v4.startsWith('127.') || ip === '::1';
}

/** Where a server with no HOST listens: a demo database only for this machine. */
export function defaultHost(demo: boolean): string {
  return demo ? '127.0.0.1' : '0.0.0.0';
}
