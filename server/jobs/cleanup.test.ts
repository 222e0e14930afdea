import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from '../../common/constants';
import {
  auditLog,
  loginThrottle,
  mailQueue,
  notifications,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema';
import { reserveAttempt, rule, signInSucceeded } from '../services/throttle';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
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
  it('forgets e-mails sent a month ago and old notifications, never one still to send', async () => {
    const user = await buildUser(t);
    const at = (days: number) => ago(days * DAY_MS);
    await t.db.insert(mailQueue).values([
      { to: 'viejo@example.com', subject: 's', text: 't', status: 'SENT', createdAt: at(31) },
      { to: 'fallido@example.com', subject: 's', text: 't', status: 'FAILED', createdAt: at(31) },
      { to: 'reciente@example.com', subject: 's', text: 't', status: 'SENT', createdAt: at(29) },
      {
        to: 'pendiente@example.com',
        subject: 's',
        text: 't',
        status: 'PENDING',
        createdAt: at(60),
      },
    ]);
    const note = { userId: user.id, kind: 'comment' as const, text: 'x' };
    await t.db.insert(notifications).values([
      { ...note, text: 'leída vieja', readAt: at(170), createdAt: at(181) },
      { ...note, text: 'leída reciente', readAt: at(1), createdAt: at(179) },
      { ...note, text: 'sin leer', createdAt: at(300) },
      { ...note, text: 'sin leer de hace un año', createdAt: at(366) },
    ]);
    await cleanUp(t.ctx, quiet);
    const mails = (await t.db.select({ to: mailQueue.to }).from(mailQueue)).map((r) => r.to);
    expect(mails.toSorted()).toEqual(['pendiente@example.com', 'reciente@example.com']);
    const notes = (await t.db.select({ text: notifications.text }).from(notifications)).map(
      (r) => r.text,
    );
    expect(notes.toSorted()).toEqual(['leída reciente', 'sin leer']);
  });

  it('forgets webhook deliveries sent or given up a month ago, never one still to send', async () => {
    const at = (days: number) => ago(days * DAY_MS);
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example.com/', events: ['report.sent'], secret: 'whsec_x' })
      .returning();
    if (!endpoint) throw new Error('no endpoint');
    const delivery = { endpointId: endpoint.id, eventType: 'ping' as const, payload: '{}' };
    await t.db.insert(webhookDeliveries).values([
      { ...delivery, eventId: crypto.randomUUID(), status: 'SENT', createdAt: at(31) },
      { ...delivery, eventId: crypto.randomUUID(), status: 'FAILED', createdAt: at(31) },
      { ...delivery, eventId: crypto.randomUUID(), status: 'SENT', createdAt: at(29) },
      { ...delivery, eventId: crypto.randomUUID(), status: 'PENDING', createdAt: at(60) },
    ]);
    await cleanUp(t.ctx, quiet);
    const kept = await t.db
      .select({ status: webhookDeliveries.status, createdAt: webhookDeliveries.createdAt })
      .from(webhookDeliveries);
    expect(kept.map((d) => d.status).toSorted()).toEqual(['PENDING', 'SENT']);
    expect(kept.find((d) => d.status === 'SENT')?.createdAt).toEqual(at(29));
  });

  it('deletes audit rows older than the retention and keeps the rest', async () => {
    for (const [action, days] of [
      ['prueba.antigua', 401],
      ['prueba.reciente', 399],
    ] as const) {
      // Straight into the table: these codes are the test's own, not actions the server writes.
      await t.db.insert(auditLog).values({ action, entity: 'system', meta: {} });
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
