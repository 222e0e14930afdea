import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { auditLog } from '../db/schema';
import { buildTestApp, buildUser, type TestApp } from './helper';

// The client address decides sign-in throttles and what the audit log records. A client writes
// whatever it likes at the left of X-Forwarded-For; only what a trusted proxy appended counts.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The address a failed sign-in is audited with, sent from 127.0.0.1 with these forwarded hops. */
async function seenAddress(trustProxy: Config['trustProxy'], forwardedFor: string) {
  const app = await buildApp({
    config: { ...t.ctx.config, trustProxy },
    database: t.ctx.database,
    clock: t.ctx.clock,
    clientDir: null,
  });
  const user = await buildUser(t);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: user.username, password: 'no-es-la-clave' },
  });
  expect(res.statusCode).toBe(401);
  await app.close();
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, user.id))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return (row?.meta as { ip?: string } | undefined)?.ip;
}

describe('the client address behind proxies', () => {
  const forged = '6.6.6.6, 10.0.0.9';

  it('is the connection when no proxy is trusted', async () => {
    expect(await seenAddress(false, forged)).toBe('127.0.0.1');
  });

  it('is what the one trusted proxy saw, never the entry the client wrote', async () => {
    expect(await seenAddress(1, forged)).toBe('10.0.0.9');
  });

  it('goes back as many hops as are trusted', async () => {
    expect(await seenAddress(2, forged)).toBe('6.6.6.6');
  });

  it('stops at the first address outside the trusted proxies and networks', async () => {
    expect(await seenAddress(['127.0.0.1'], forged)).toBe('10.0.0.9');
    expect(await seenAddress(['127.0.0.1', '10.0.0.0/8'], forged)).toBe('6.6.6.6');
  });
});
