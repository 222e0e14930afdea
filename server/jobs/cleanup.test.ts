import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from '../../common/constants';
import { auditLog, loginThrottle } from '../db/schema';
import { audit } from '../services/audit';
import { reserveAttempt, rule, signInSucceeded } from '../services/throttle';
import { buildTestApp, type TestApp } from '../test/helper';
import { cleanUp } from './cleanup';

const DAY_MS = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ auditRetentionDays: 400 });
});
afterAll(async () => {
  await t.close();
});

const quiet = { info: () => {} };
const ago = (ms: number) => new Date(t.clock.current.getTime() - ms);

describe('housekeeping', () => {
  it('deletes audit rows older than the retention and keeps the rest', async () => {
    for (const [action, days] of [
      ['prueba.antigua', 401],
      ['prueba.reciente', 399],
    ] as const) {
      await audit(t.db, { action, entity: 'system', meta: {} });
      await t.db
        .update(auditLog)
        .set({ createdAt: ago(days * DAY_MS) })
        .where(eq(auditLog.action, action));
    }
    await cleanUp(t.ctx, quiet);
    const left = (await t.db.select({ action: auditLog.action }).from(auditLog)).map(
      (r) => r.action,
    );
    expect(left).toContain('prueba.reciente');
    expect(left).not.toContain('prueba.antigua');
  });

  it('forgets attempt counts no limit needs and addresses not used for months', async () => {
    const limit = rule('address:10.30.0.1', THROTTLE.address);
    await reserveAttempt(t.db, [limit], ago(2 * 3_600_000));
    await reserveAttempt(t.db, [rule('address:10.30.0.2', THROTTLE.address)], ago(60_000));
    await signInSucceeded(
      t.db,
      { account: 'user:antigua', ip: '10.30.0.3', knownSince: null },
      ago(91 * DAY_MS),
    );
    await signInSucceeded(
      t.db,
      { account: 'user:reciente', ip: '10.30.0.4', knownSince: null },
      ago(DAY_MS),
    );

    await cleanUp(t.ctx, quiet);
    const keys = (await t.db.select({ key: loginThrottle.key }).from(loginThrottle)).map(
      (r) => r.key,
    );
    expect(keys).toEqual(
      expect.arrayContaining(['address:10.30.0.2', 'known:user:reciente|10.30.0.4']),
    );
    expect(keys).not.toContain('address:10.30.0.1');
    expect(keys).not.toContain('known:user:antigua|10.30.0.3');
  });
});
