import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MSG } from '../../../common/schemas/webhooks';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { settleAfterReply } from '../../lib/after-reply';
import { nonPublicRange, newWebhookSecret } from '../../adapters/webhook-transport';
import { deliverWebhooks, emitEvent } from '../../services/webhooks';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { startReceiver } from '../../test/webhook-receiver';

/*
 * Without WEBHOOK_ALLOW_PRIVATE, webhooks go only over https to public addresses: a URL naming a
 * local or private address is refused when registered, and an endpoint that reaches one anyway
 * (a name that resolves to it, a row written before the rule) is refused when delivering, before
 * any connection.
 */

const silent = { warn: () => undefined, error: () => undefined };

let t: TestApp;
let asAdmin: Record<string, string>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  t = await buildTestApp({ webhookAllowPrivate: false });
  asAdmin = await authHeader(t, await buildUser(t, { role: 'ADMIN' }));
  receiver = await startReceiver();
});
afterEach(async () => {
  await settleAfterReply();
  await t.db.delete(webhookEndpoints);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const register = (url: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: asAdmin,
    payload: { url, events: ['report.sent'] },
  });

describe('addresses webhooks may go to', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::a00:1', 'notGlobalUnicast'],
  ])('%s is not public (%s)', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::1111'])('%s is public', (address) => {
    expect(nonPublicRange(address)).toBeNull();
  });

  it('refuses plain http and local or private addresses when an endpoint is registered', async () => {
    const cases: [string, string][] = [
      ['http://hooks.example.com/', WEBHOOK_MSG.httpsOnly],
      [`http://127.0.0.1:${receiver.port}/`, WEBHOOK_MSG.httpsOnly],
      ['https://127.0.0.1/', WEBHOOK_MSG.privateAddress],
      ['https://10.0.0.8/hooks', WEBHOOK_MSG.privateAddress],
      ['https://[::1]/', WEBHOOK_MSG.privateAddress],
      ['https://[::ffff:7f00:1]/', WEBHOOK_MSG.privateAddress],
      ['https://[::127.0.0.1]/', WEBHOOK_MSG.privateAddress],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_MSG.privateAddress],
      // Written as a number: the URL parser reads it as 127.0.0.1.
      ['https://2130706433/', WEBHOOK_MSG.privateAddress],
      ['https://localhost/', WEBHOOK_MSG.privateAddress],
      ['https://api.localhost/', WEBHOOK_MSG.privateAddress],
    ];
    for (const [url, message] of cases) {
      const res = await register(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message });
    }
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it('refuses at delivery time an endpoint whose address is local or whose URL is plain http, before connecting', async () => {
    const refused = /^Dirección no permitida: .* es local o privada$/;
    const expected: Record<string, RegExp> = {
      [`https://127.0.0.1:${receiver.port}/hooks`]: refused,
      [`https://[::ffff:127.0.0.1]:${receiver.port}/hooks`]: refused,
      // A name whose answer is loopback: refused by the lookup the connection itself uses.
      [`https://localhost:${receiver.port}/hooks`]: refused,
      // Plain http, written while WEBHOOK_ALLOW_PRIVATE was on: refused before any lookup.
      [`http://hooks.example.invalid/hooks`]: /^No se envió: la URL no es https:\/\//,
    };
    const names = Object.keys(expected);
    const rows = await t.db
      .insert(webhookEndpoints)
      .values(
        names.map((url) => ({ url, events: ['report.sent' as const], secret: newWebhookSecret() })),
      )
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    const now = t.clock.now();
    await emitEvent(
      t.db,
      'report.sent',
      {
        reportId: '00000000-0000-4000-8000-000000000001',
        authorId: '00000000-0000-4000-8000-000000000002',
        weekStart: '2026-11-16',
        weekEnd: '2026-11-22',
        sentAt: now.toISOString(),
        markedSubmittedById: null,
      },
      now,
    );
    await deliverWebhooks(t.ctx, silent);
    expect(receiver.received).toEqual([]);
    for (const row of rows) {
      const [delivery] = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, row.id));
      expect(delivery, row.url).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        lastStatusCode: null,
      });
      expect(delivery?.lastError, row.url).toMatch(expected[row.url] ?? /^$/);
    }
  });
});
