import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MSG } from '../../../common/schemas/api-tokens';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_MSG,
  type CreatedWebhook,
  type WebhookList,
} from '../../../common/schemas/webhooks';
import { auditLog, mailQueue, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { settleAfterReply } from '../../lib/after-reply';
import { retryDelayMs } from '../../services/mail-queue';
import {
  deliverWebhooks,
  emitEvent,
  emitEvents,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_MAX_ATTEMPTS,
} from '../../services/webhooks';
import { describeAdminOnly } from '../../test/admin-only';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { UNKNOWN_ID } from '../../test/review-fixture';
import { startReceiver, verifySignature } from '../../test/webhook-receiver';

/*
 * Webhooks against real HTTP receivers in this process (on 127.0.0.1, which
 * WEBHOOK_ALLOW_PRIVATE=1 permits): signed, sent right after the change they report, retried
 * after a failure, given up on an endpoint that keeps failing, and never carrying a report's text
 * or the secret anywhere after it was first shown.
 */

const silent = { warn: () => undefined, error: () => undefined };

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let asAdmin: Record<string, string>;
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];

beforeAll(async () => {
  t = await buildTestApp({ webhookAllowPrivate: true, publicUrl: 'https://appa.example.com' });
  admin = await buildUser(t, { role: 'ADMIN' });
  asAdmin = await authHeader(t, admin);
});
afterEach(async () => {
  await settleAfterReply();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  // Each test starts with no endpoint: events of one never reach another's receiver.
  await t.db.delete(webhookEndpoints);
});
afterAll(async () => {
  await t.close();
});

async function receiver(status?: (n: number) => number) {
  const r = await startReceiver(status);
  receivers.push(r);
  return r;
}

async function register(payload: object, headers = asAdmin) {
  const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreatedWebhook>();
}

const list = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: asAdmin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WebhookList>();
};

const deliveriesOf = (endpointId: string) =>
  t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

/** The worker at a time of its own, so that hours of back-off do not end the admin's session. */
let workerTime = 0;
const workerAt = (ms: number) => {
  workerTime = Math.max(workerTime, t.clock.now().getTime()) + ms;
  return { ...t.ctx, clock: () => new Date(workerTime) };
};

/** Queues one user.created and tries it every time it is due, until its last try. */
async function tryUntilGivenUp() {
  await emitEvent(
    t.db,
    'user.created',
    { userId: admin.id, createdById: null, createdAt: t.clock.now().toISOString() },
    t.clock.now(),
  );
  for (let attempt = 0; attempt < WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
    await deliverWebhooks(workerAt(retryDelayMs(attempt)), silent);
  }
}

/** A receiver that answers as `answer` says, once it has the whole body; answers its URL. */
async function customReceiver(answer: (body: string, res: http.ServerResponse) => unknown) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void answer(Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receivers.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } as Awaited<ReturnType<typeof startReceiver>>);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

describeAdminOnly(
  'webhooks: who may manage them',
  () => t,
  [
    ['GET', '/api/webhooks', undefined],
    ['POST', '/api/webhooks', { url: 'https://hooks.example.com/', events: ['report.sent'] }],
    ['DELETE', `/api/webhooks/${UNKNOWN_ID}`, undefined],
    ['POST', `/api/webhooks/${UNKNOWN_ID}/reactivate`, undefined],
    ['POST', `/api/webhooks/${UNKNOWN_ID}/ping`, undefined],
    ['POST', `/api/webhooks/deliveries/${UNKNOWN_ID}/retry`, undefined],
  ],
  async () => {
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
  },
);

describe('webhooks', () => {
  it('refuses API tokens, even an administrator service token with every scope', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: asAdmin,
      payload: {
        name: 'Integración',
        kind: 'SERVICE',
        scopes: ['reports:read', 'users:read', 'users:write', 'reminders:write'],
      },
    });
    const bearer = { authorization: `Bearer ${made.json<{ token: string }>().token}` };
    for (const [method, url] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer,
        payload:
          method === 'POST' ? { url: 'https://a.example.com', events: ['report.sent'] } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: API_TOKEN_MSG.outOfScope });
    }
  });

  it('a receiver gets a signed report.sent, with ids and facts and never the text, right after the report is sent', async () => {
    const r = await receiver();
    const { secret, endpoint } = await register({
      url: r.url,
      description: 'Sistema de RR. HH.',
      events: ['report.sent'],
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ url: r.url, enabled: true, events: ['report.sent'] });

    const author = await buildUser(t);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers: await authHeader(t, author),
      payload: {
        avances: 'Texto confidencial de avances',
        planes: 'Planes que nadie más lee',
        problemas: 'Un problema privado',
        ayuda: '',
        kpiNombre: 'Entregas',
        kpiMetaPct: 90,
        kpiLogroPct: 80,
        status: 'ENVIADO',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const reportId = sent.json<{ id: string }>().id;
    await settleAfterReply();

    expect(r.received).toHaveLength(1);
    const [message] = r.received;
    if (!message) throw new Error('nothing received');
    expect(verifySignature(secret, message, t.clock.now())).toBe(true);
    expect(
      verifySignature(`whsec_${Buffer.alloc(32).toString('base64')}`, message, t.clock.now()),
    ).toBe(false);
    expect(message.headers['content-type']).toBe('application/json');
    expect(message.headers['user-agent']).toMatch(/^APPA-Webhooks/);
    expect(message.json).toEqual({
      id: expect.any(String),
      type: 'report.sent',
      createdAt: t.clock.now().toISOString(),
      data: {
        reportId,
        authorId: author.id,
        weekStart: '2026-11-16',
        weekEnd: '2026-11-22',
        sentAt: t.clock.now().toISOString(),
        markedSubmittedById: null,
      },
    });
    for (const text of [
      'confidencial',
      'Planes que',
      'problema privado',
      'Entregas',
      author.email,
    ]) {
      expect(message.body).not.toContain(text);
    }

    const { endpoints, deliveries } = await list();
    expect(endpoints[0]?.lastDelivery).toMatchObject({
      id: message.headers['webhook-id'],
      type: 'report.sent',
      status: 'SENT',
      lastStatusCode: 204,
    });
    expect(deliveries.map((d) => d.eventId)).toContain(message.json.id);
  });

  it('a draft is no event; every other event reaches the endpoints subscribed to it', async () => {
    const all = await receiver();
    const some = await receiver();
    await register({ url: all.url, events: [...WEBHOOK_EVENTS] });
    await register({ url: some.url, events: ['task.done', 'user.suspended'] });
    const author = await buildUser(t);
    const asAuthor = await authHeader(t, author);
    const draft = { avances: 'Borrador', planes: '', problemas: '', ayuda: '', status: 'BORRADOR' };
    await t.app.inject({ method: 'POST', url: '/api/appa', headers: asAuthor, payload: draft });
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers: asAuthor,
      payload: { ...draft, avances: 'Listo', planes: 'Seguir', status: 'ENVIADO' },
    });
    const reportId = report.json<{ id: string }>().id;
    const call = async (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) => {
      const res = await t.app.inject({ method, url, headers: asAdmin, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json<{ id?: string; user?: { id: string }; task?: { id: string } }>();
    };
    await call('POST', `/api/appa/${reportId}/review`, { notes: 'Notas del revisor' });
    await call('POST', `/api/appa/${reportId}/comments`, { comment: 'Comentario reservado' });
    const task = await call('POST', '/api/review-tasks', {
      submissionId: reportId,
      title: 'Tarea con título privado',
      assignedToId: admin.id,
    });
    const taskId = task.task?.id ?? task.id ?? '';
    await call('PATCH', `/api/review-tasks/${taskId}/status`, { status: 'COMPLETADA' });
    const created = await call('POST', '/api/users', {
      email: 'nueva.persona@example.com',
      fullName: 'Nueva Persona',
    });
    const userId = created.user?.id ?? '';
    await call('PUT', `/api/users/${userId}/status`, { status: 'SUSPENDIDO' });
    await settleAfterReply();

    expect(all.received.map((m) => m.json.type)).toEqual([
      'report.sent',
      'report.reviewed',
      'comment.created',
      'task.created',
      'task.done',
      'user.created',
      'user.suspended',
    ]);
    expect(some.received.map((m) => m.json.type)).toEqual(['task.done', 'user.suspended']);
    const data = Object.fromEntries(all.received.map((m) => [m.json.type, m.json.data]));
    expect(data['report.reviewed']).toMatchObject({ reportId, reviewerId: admin.id });
    expect(data['comment.created']).toMatchObject({ reportId, authorId: admin.id, parentId: null });
    expect(data['task.created']).toMatchObject({ taskId, reportId, assignedToId: admin.id });
    expect(data['task.done']).toMatchObject({ taskId, reportId, completedById: admin.id });
    expect(data['user.created']).toMatchObject({ userId, createdById: admin.id });
    expect(data['user.suspended']).toMatchObject({ userId, suspendedById: admin.id });
    const everything = all.received.map((m) => m.body).join('\n');
    for (const text of [
      'Notas del revisor',
      'reservado',
      'título privado',
      'nueva.persona',
      'Listo',
    ]) {
      expect(everything).not.toContain(text);
    }
  });

  it('a failed delivery is tried again after its wait, with the same id, and counts as delivered', async () => {
    const r = await receiver((n) => (n === 1 ? 500 : 200));
    const { secret, endpoint } = await register({ url: r.url, events: ['user.created'] });
    const ping = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/ping`,
      headers: asAdmin,
    });
    expect(ping.json()).toEqual({ message: WEBHOOK_MSG.pingQueued });
    await settleAfterReply();
    expect(r.received).toHaveLength(1);
    const [waiting] = await deliveriesOf(endpoint.id);
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: 500 });
    // Only the start of the receiver's answer is kept.
    expect(waiting?.lastError).toMatch(/^El receptor respondió 500: fallo 500 x+$/);
    expect(waiting?.lastError?.length).toBeLessThan(260);
    expect((await list()).endpoints[0]?.consecutiveFailures).toBe(1);

    // Not yet due: nothing is sent again.
    await deliverWebhooks(t.ctx, silent);
    expect(r.received).toHaveLength(1);
    await deliverWebhooks(workerAt(retryDelayMs(1)), silent);
    expect(r.received).toHaveLength(2);
    const [first, second] = r.received;
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    expect(second?.json).toMatchObject({ type: 'ping', data: { endpointId: endpoint.id } });
    if (second) expect(verifySignature(secret, second, new Date(workerTime))).toBe(true);
    const [done] = await deliveriesOf(endpoint.id);
    expect(done).toMatchObject({
      status: 'SENT',
      attempts: 2,
      lastStatusCode: 200,
      lastError: null,
    });
    expect((await list()).endpoints[0]).toMatchObject({ consecutiveFailures: 0, enabled: true });
  });

  it('gives a delivery up after its last try, and "Reintentar" sends it once more', async () => {
    const r = await receiver(() => 503);
    const { endpoint } = await register({ url: r.url, events: ['user.created'] });
    await tryUntilGivenUp();
    expect(r.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed).toMatchObject({ status: 'FAILED', attempts: WEBHOOK_MAX_ATTEMPTS });
    if (!failed) throw new Error('no delivery');
    // Fewer than a day of failures: the endpoint still receives.
    expect((await list()).endpoints[0]?.enabled).toBe(true);

    r.answer(() => 200);
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${failed.id}/retry`,
      headers: asAdmin,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({
      message: WEBHOOK_MSG.retried,
      delivery: { id: failed.id, status: 'PENDING', attempts: 0 },
    });
    await settleAfterReply();
    expect(r.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS + 1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${failed.id}/retry`,
      headers: asAdmin,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: WEBHOOK_MSG.notFailed });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'webhook.delivery_retried'), eq(auditLog.entityId, endpoint.id)),
      );
    expect(audited).toHaveLength(1);
  });

  it('disables an endpoint that fails every try for a day, tells the administrators, and reactivates', async () => {
    const r = await receiver(() => 500);
    const { endpoint } = await register({ url: r.url, events: ['user.created'] });
    const other = await buildUser(t, { role: 'ADMIN' });
    const emit = (at: Date) =>
      emitEvent(
        t.db,
        'user.created',
        { userId: admin.id, createdById: null, createdAt: at.toISOString() },
        at,
      );
    let passes = 0;
    while ((await list()).endpoints[0]?.enabled && passes < 40) {
      const ctx = workerAt(2 * 60 * 60_000);
      await emit(ctx.clock());
      await deliverWebhooks(ctx, silent);
      passes += 1;
    }
    const [disabled] = (await list()).endpoints;
    expect(disabled).toMatchObject({ enabled: false });
    expect(disabled?.disabledReason).toMatch(/^Falló \d+ veces seguidas durante más de 24 horas/);
    expect(passes * 2 * 60 * 60_000).toBeGreaterThan(WEBHOOK_DISABLE_AFTER_MS);
    // Nothing waits for an endpoint that is disabled; nothing more is queued for it.
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.filter((d) => d.status === 'PENDING')).toEqual([]);
    expect(await emit(new Date(workerTime))).toBe(0);

    const told = await t.db.select().from(mailQueue).where(eq(mailQueue.kind, 'webhook_disabled'));
    expect(told.map((m) => m.to)).toEqual(expect.arrayContaining([admin.email, other.email]));
    expect(told[0]?.text).toContain(r.url);
    expect(told[0]?.text).toContain('https://appa.example.com/admin?tab=configuracion');
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.disabled'), eq(auditLog.entityId, endpoint.id)));
    expect(audited?.actorId).toBeNull();

    const ping = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/ping`,
      headers: asAdmin,
    });
    expect(ping.statusCode).toBe(409);
    expect(ping.json()).toEqual({ message: WEBHOOK_MSG.disabledCannotPing });
    const failed = rows.find((d) => d.status === 'FAILED');
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${failed?.id}/retry`,
      headers: asAdmin,
    });
    expect(early.json()).toEqual({ message: WEBHOOK_MSG.disabledCannotRetry });

    r.answer(() => 200);
    const reactivated = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/reactivate`,
      headers: asAdmin,
    });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toMatchObject({
      message: WEBHOOK_MSG.reactivated,
      endpoint: { enabled: true, disabledReason: null, consecutiveFailures: 0 },
    });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/reactivate`,
      headers: asAdmin,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('records an answer with control characters in it, and gives its delivery up in the end', async () => {
    const url = await customReceiver((body, res) => {
      res.writeHead(500).end('bad\u0000thing\u0007\u009b');
    });
    const { endpoint } = await register({ url, events: ['user.created'] });
    await tryUntilGivenUp();
    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      attempts: WEBHOOK_MAX_ATTEMPTS,
      lockedUntil: null,
      lastStatusCode: 500,
      lastError: 'El receptor respondió 500: bad thing',
    });
    expect((await list()).endpoints[0]?.consecutiveFailures).toBe(WEBHOOK_MAX_ATTEMPTS);
  });

  it('sends nothing more to an endpoint deleted while its deliveries are being sent', async () => {
    let endpointId = '';
    const bodies: string[] = [];
    const url = await customReceiver(async (body, res) => {
      bodies.push(body);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/webhooks/${endpointId}`,
        headers: asAdmin,
      });
      res.writeHead(204).end();
    });
    endpointId = (await register({ url, events: ['user.created'] })).endpoint.id;
    const at = t.clock.now();
    await emitEvents(
      t.db,
      'user.created',
      [1, 2, 3].map(() => ({ userId: admin.id, createdById: null, createdAt: at.toISOString() })),
      at,
    );
    await deliverWebhooks(t.ctx, silent);
    expect(bodies).toHaveLength(1);
    expect(await deliveriesOf(endpointId)).toEqual([]);
  });

  it('disabling an endpoint leaves a delivery being sent to its pass: "Reintentar" cannot send it twice', async () => {
    let endpointId = '';
    const bodies: string[] = [];
    let retried = 0;
    const url = await customReceiver(async (body, res) => {
      bodies.push(body);
      if (bodies.length === 2) return res.writeHead(410).end();
      if (bodies.length === 1) {
        // While the first is being sent, a ping's 410 disables the endpoint, which is then
        // reactivated, and the first is asked to be sent again.
        await t.app.inject({
          method: 'POST',
          url: `/api/webhooks/${endpointId}/ping`,
          headers: asAdmin,
        });
        await settleAfterReply();
        expect((await list()).endpoints[0]?.enabled).toBe(false);
        await t.app.inject({
          method: 'POST',
          url: `/api/webhooks/${endpointId}/reactivate`,
          headers: asAdmin,
        });
        const [first] = (await deliveriesOf(endpointId)).filter(
          (d) => d.eventType === 'user.created',
        );
        const retry = await t.app.inject({
          method: 'POST',
          url: `/api/webhooks/deliveries/${first?.id}/retry`,
          headers: asAdmin,
        });
        retried = retry.statusCode;
        await settleAfterReply();
      }
      return res.writeHead(204).end();
    });
    endpointId = (await register({ url, events: ['user.created'] })).endpoint.id;
    await emitEvent(
      t.db,
      'user.created',
      { userId: admin.id, createdById: null, createdAt: t.clock.now().toISOString() },
      t.clock.now(),
    );
    await deliverWebhooks(t.ctx, silent);
    expect(retried).toBe(409);
    expect(bodies.filter((b) => b.includes('user.created'))).toHaveLength(1);
    const rows = await deliveriesOf(endpointId);
    expect(rows.find((d) => d.eventType === 'user.created')).toMatchObject({
      status: 'SENT',
      lockedUntil: null,
    });
  });

  it('a 410 Gone disables the endpoint at once', async () => {
    const r = await receiver(() => 410);
    const { endpoint } = await register({ url: r.url, events: ['user.created'] });
    await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/ping`,
      headers: asAdmin,
    });
    await settleAfterReply();
    expect((await list()).endpoints[0]).toMatchObject({
      enabled: false,
      disabledReason: 'El receptor respondió 410 (Gone): ya no acepta eventos',
    });
  });

  it('never shows the secret again: not in the list, the answers or the audit log', async () => {
    const r = await receiver();
    const { secret, endpoint } = await register({
      url: `${r.url}?token=SEKRET`,
      events: ['report.sent'],
    });
    const key = secret.slice('whsec_'.length);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: asAdmin }),
      await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${endpoint.id}/ping`,
        headers: asAdmin,
      }),
    ];
    await settleAfterReply();
    answers.push(await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: asAdmin }));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(key);
      expect(res.body).not.toContain('secret');
    }
    expect(r.received[0]?.body).not.toContain(key);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${endpoint.id}`,
      headers: asAdmin,
    });
    expect(deleted.json()).toEqual({ message: WEBHOOK_MSG.deleted });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, endpoint.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['webhook.created', 'webhook.deleted']),
    );
    expect(JSON.stringify(audit)).not.toContain(key);
    // Nor a token in the URL's query: the audit log keeps the URL without it.
    expect(JSON.stringify(audit)).not.toContain('SEKRET');
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });

  it('answers bad input with a Spanish 400 and unknown ids with a 404', async () => {
    const cases: [object, string][] = [
      [{ url: 'no es una url', events: ['report.sent'] }, WEBHOOK_MSG.url],
      [{ url: 'ftp://example.com/', events: ['report.sent'] }, WEBHOOK_MSG.url],
      [{ url: 'https://example.com/', events: [] }, WEBHOOK_MSG.events],
      [{ url: 'https://example.com/', events: ['report.deleted'] }, WEBHOOK_MSG.events],
      [{ url: 'https://example.com/' }, WEBHOOK_MSG.events],
      [
        { url: 'https://user:pw@example.com/', events: ['report.sent'] },
        WEBHOOK_MSG.credentialsInUrl,
      ],
      [
        { url: 'https://example.com/', events: ['report.sent'], description: 'x'.repeat(201) },
        WEBHOOK_MSG.description,
      ],
      [
        { url: 'https://example.com/', events: ['report.sent'], secret: 'whsec_x' },
        'Campo desconocido: secret',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: asAdmin,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    for (const url of [
      `/api/webhooks/${UNKNOWN_ID}/ping`,
      `/api/webhooks/${UNKNOWN_ID}/reactivate`,
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: asAdmin });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: WEBHOOK_MSG.notFound });
    }
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/webhooks/nada',
      headers: asAdmin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: WEBHOOK_MSG.notFound });
  });
});
