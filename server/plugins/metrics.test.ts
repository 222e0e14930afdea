import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { buildApp } from '../app';
import { mailQueue, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { startScheduler } from '../jobs/scheduler';
import { loggerOptions } from '../lib/logging';
import { createReadCache } from '../lib/read-cache';
import { createMetrics, type Metrics } from '../adapters/metrics';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../test/helper';
import { buildMetricsServer } from './metrics';

const TOKEN = 'm'.repeat(20) + 'etrics-token-of-the-test';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Reads Prometheus's text exposition format strictly: every line is a comment or a sample, every
 * sample belongs to a family whose TYPE came before it, and every value is a number.
 */
function parsePrometheus(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(meta[3]);
        types.set(meta[2] ?? '', meta[3] ?? '');
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a Prometheus line: ${line}`);
    const [, name = '', rawLabels = '', rawValue = ''] = sample;
    const family = name.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(name) && !types.has(family)) throw new Error(`no TYPE before ${name}`);
    const labels: Record<string, string> = {};
    const pair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
    while (pair.lastIndex < rawLabels.length) {
      const found = pair.exec(rawLabels);
      if (!found) throw new Error(`bad labels in: ${line}`);
      labels[found[1] ?? ''] = found[2] ?? '';
    }
    // Prometheus reads values with Go's ParseFloat, which takes NaN in any case (prom-client
    // writes 'Nan' for the event loop's lag before it has measured any).
    const notANumber = rawValue.toLowerCase() === 'nan';
    const value =
      rawValue === '+Inf' ? Infinity : rawValue === '-Inf' ? -Infinity : Number(rawValue);
    if (!notANumber && Number.isNaN(value)) throw new Error(`bad value in: ${line}`);
    samples.push({ name, labels, value });
  }
  return samples;
}

/** The value of the one sample called `name` whose labels include `labels`, or undefined. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches several`);
  return found[0]?.value;
}

const bearer = { authorization: `Bearer ${TOKEN}` };

async function scrape(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(res.statusCode).toBe(200);
  return parsePrometheus(res.body);
}

describe('metrics behind METRICS_TOKEN on the main port', () => {
  let t: TestApp;
  let metrics: Metrics;
  const lines: string[] = [];
  beforeAll(async () => {
    metrics = createMetrics();
    t = await buildTestApp(
      { metrics: { port: undefined, token: TOKEN } },
      {
        metrics,
        logger: loggerOptions('info', { stream: { write: (line) => lines.push(line) } }),
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 without the token or with another, and never shows the metrics', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.metricsTokenRequired });
      expect(res.body).not.toContain('appa_');
    }
  });

  it('answers Prometheus text with the token, never kept by a cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const samples = parsePrometheus(res.body);
    // The process's own metrics come from this instance's registry.
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'appa_live_streams')).toBe(0);
    expect(valueOf(samples, 'appa_db_notifications_down')).toBe(0);
  });

  it('counts requests under their route pattern, never their address', async () => {
    const slug = 'persona-que-no-existe-4f2a';
    await t.app.inject({ method: 'GET', url: `/api/users/slug/${slug}` });
    await t.app.inject({ method: 'GET', url: `/api/no-existe/${slug}` });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(res.body).not.toContain(slug);
    const samples = parsePrometheus(res.body);
    const route = { route: '/api/users/slug/:slug', method: 'GET', status: '4xx' };
    expect(valueOf(samples, 'appa_http_requests_total', route)).toBe(1);
    expect(valueOf(samples, 'appa_http_request_duration_seconds_count', route)).toBe(1);
    expect(
      valueOf(samples, 'appa_http_requests_total', { route: 'unmatched', status: '4xx' }),
    ).toBe(1);
  });

  it('times database statements', async () => {
    const before = valueOf(await scrape(t.app), 'appa_db_query_duration_seconds_count', {
      outcome: 'ok',
    });
    await t.app.inject({ method: 'GET', url: '/api/ready' });
    const after = valueOf(await scrape(t.app), 'appa_db_query_duration_seconds_count', {
      outcome: 'ok',
    });
    expect(after).toBeGreaterThan(before ?? 0);
  });

  it('shows the pool of a PostgreSQL server, and none on the embedded database', async () => {
    const samples = await scrape(t.app);
    const max = valueOf(samples, 'appa_db_pool_connections_max');
    if (t.ctx.database.kind === 'postgres') {
      expect(max).toBe(10);
      expect(valueOf(samples, 'appa_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
      expect(valueOf(samples, 'appa_db_pool_waiting')).toBe(0);
    } else {
      expect(max).toBeUndefined();
    }
  });

  it('counts read-cache hits as kept sessions are served', async () => {
    const user = await buildUser(t);
    const headers = await authHeader(t, user);
    const hits = async () =>
      valueOf(await scrape(t.app), 'appa_read_cache_lookups_total', {
        kind: 'value',
        outcome: 'hit',
      }) ?? 0;
    await t.app.inject({ method: 'GET', url: '/api/me/notifications', headers });
    const before = await hits();
    await t.app.inject({ method: 'GET', url: '/api/me/notifications', headers });
    await t.app.inject({ method: 'GET', url: '/api/me/notifications', headers });
    expect(await hits()).toBe(before + 2);
  });

  it('counts what the read cache forgot, by what was written', async () => {
    const people = async () =>
      valueOf(await scrape(t.app), 'appa_read_cache_invalidations_total', { scope: 'people' });
    const before = (await people()) ?? 0;
    t.ctx.readCache.invalidate('people');
    expect(await people()).toBe(before + 1);
  });

  it('counts the live streams open, and forgets one its browser closed', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await authHeader(t, await buildUser(t));
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, { headers, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(valueOf(await scrape(t.app), 'appa_live_streams')).toBe(1);
    controller.abort();
    await res.body?.cancel().catch(() => {});
    // The server hears of the closed connection a moment later.
    while (valueOf(await scrape(t.app), 'appa_live_streams') !== 0);
  });

  it('says when notifications are down, and counts what is read from the database meanwhile', async () => {
    const down = createMetrics();
    const app = await buildApp({
      config: t.ctx.config,
      database: { ...t.ctx.database, notificationsDown: () => 'sin avisos desde hace un momento' },
      clientDir: null,
      metrics: down,
      readCache: createReadCache({ clock: t.clock.now, trusted: () => false }),
    });
    try {
      const headers = await authHeader({ app }, await buildUser(t));
      await app.inject({ method: 'GET', url: '/api/me/notifications', headers });
      const samples = await scrape(app);
      expect(valueOf(samples, 'appa_db_notifications_down')).toBe(1);
      expect(
        valueOf(samples, 'appa_read_cache_lookups_total', { kind: 'value', outcome: 'bypass' }),
      ).toBeGreaterThan(0);
      expect(
        valueOf(samples, 'appa_read_cache_lookups_total', { kind: 'value', outcome: 'hit' }),
      ).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('reads the mail queue by status when scraped', async () => {
    const queued = (status: 'PENDING' | 'SENT' | 'FAILED', attempts: number) => ({
      to: 'persona@example.com',
      subject: 'Recordatorio',
      text: 'Hola',
      status,
      attempts,
      createdAt: new Date(t.clock.current.getTime() - 90_000),
    });
    await t.db
      .insert(mailQueue)
      .values([
        queued('PENDING', 0),
        queued('PENDING', 3),
        queued('FAILED', 10),
        queued('SENT', 1),
      ]);
    const samples = await scrape(t.app);
    expect(valueOf(samples, 'appa_mail_queue_messages', { status: 'pending' })).toBe(2);
    expect(valueOf(samples, 'appa_mail_queue_messages', { status: 'failed' })).toBe(1);
    expect(valueOf(samples, 'appa_mail_queue_retrying')).toBe(1);
    expect(valueOf(samples, 'appa_mail_queue_oldest_pending_age_seconds')).toBe(90);

    await t.db.delete(mailQueue);
    const empty = await scrape(t.app);
    expect(valueOf(empty, 'appa_mail_queue_messages', { status: 'pending' })).toBe(0);
    expect(valueOf(empty, 'appa_mail_queue_oldest_pending_age_seconds')).toBe(0);
  });

  it('reads the webhook deliveries by status, and the endpoints disabled, when scraped', async () => {
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({
        url: 'https://hooks.example.com/',
        events: ['report.sent'],
        secret: 'whsec_x',
        enabled: false,
      })
      .returning();
    if (!endpoint) throw new Error('no endpoint');
    const delivery = (status: 'PENDING' | 'SENT' | 'FAILED') => ({
      endpointId: endpoint.id,
      eventId: crypto.randomUUID(),
      eventType: 'ping' as const,
      payload: '{}',
      status,
    });
    await t.db
      .insert(webhookDeliveries)
      .values([delivery('PENDING'), delivery('FAILED'), delivery('FAILED'), delivery('SENT')]);
    const samples = await scrape(t.app);
    expect(valueOf(samples, 'appa_webhook_deliveries', { status: 'pending' })).toBe(1);
    expect(valueOf(samples, 'appa_webhook_deliveries', { status: 'failed' })).toBe(2);
    expect(valueOf(samples, 'appa_webhook_deliveries', { status: 'endpoint_disabled' })).toBe(1);
    await t.db.delete(webhookEndpoints);
    const empty = await scrape(t.app);
    expect(valueOf(empty, 'appa_webhook_deliveries', { status: 'pending' })).toBe(0);
    expect(valueOf(empty, 'appa_webhook_deliveries', { status: 'endpoint_disabled' })).toBe(0);
  });

  it("shows each job's last run and result once the scheduler has run it", async () => {
    const quiet = () => {};
    const log = { error: quiet, warn: quiet, info: quiet } as unknown as FastifyBaseLogger;
    const before = await scrape(t.app);
    expect(valueOf(before, 'appa_job_last_run_timestamp_seconds', { job: 'probe' })).toBe(
      undefined,
    );
    const scheduler = startScheduler(
      t.ctx,
      log,
      [
        { name: 'probe', everyMs: 3_600_000, run: async () => 0 },
        {
          name: 'broken',
          everyMs: 3_600_000,
          run: async () => {
            throw new Error('falla de prueba');
          },
        },
      ],
      3_600_000,
      metrics.jobRan,
    );
    await scheduler.runOnce();
    await scheduler.stop();
    const at = t.clock.current.getTime() / 1000;
    const samples = await scrape(t.app);
    expect(valueOf(samples, 'appa_job_last_run_timestamp_seconds', { job: 'probe' })).toBe(at);
    expect(valueOf(samples, 'appa_job_last_success_timestamp_seconds', { job: 'probe' })).toBe(at);
    expect(valueOf(samples, 'appa_job_last_run_ok', { job: 'probe' })).toBe(1);
    expect(valueOf(samples, 'appa_job_last_run_ok', { job: 'broken' })).toBe(0);
    expect(valueOf(samples, 'appa_job_last_run_timestamp_seconds', { job: 'broken' })).toBe(at);
    expect(
      valueOf(samples, 'appa_job_last_success_timestamp_seconds', { job: 'broken' }),
    ).toBeUndefined();
    expect(valueOf(samples, 'appa_job_runs_total', { job: 'broken', result: 'error' })).toBe(1);
  });

  it('logs a scrape as JSON lines with its request id, and never the token', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    await t.app.inject({ method: 'GET', url: '/metrics?token=secreto-en-la-url', headers: bearer });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const entry = JSON.parse(line) as { reqId?: string };
      expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(lines.join('')).not.toContain(TOKEN);
    expect(lines.join('')).not.toContain('secreto-en-la-url');
  });
});

describe('metrics not configured', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let clientDir: string;
  beforeAll(async () => {
    t = await buildTestApp();
    // With a built client, an unknown address gets the page (200): /metrics must not.
    clientDir = mkdtempSync(path.join(tmpdir(), 'appa-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>APPA</title>');
    app = await buildApp({ config: t.ctx.config, database: t.ctx.database, clientDir });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers /metrics with the ordinary 404, token or not', async () => {
    for (const instance of [t.app, app]) {
      for (const headers of [{}, bearer]) {
        const res = await instance.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: MSG.routeNotFound });
      }
    }
  });
});

describe('metrics on METRICS_PORT', () => {
  let t: TestApp;
  let metrics: Metrics;
  let listener: FastifyInstance;
  beforeAll(async () => {
    metrics = createMetrics();
    t = await buildTestApp({ metrics: { port: 5329, token: undefined } }, { metrics });
    listener = buildMetricsServer(metrics, undefined);
    // Any free port: what is tested is the listener, not the number.
    await listener.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await listener.close();
    await t.close();
  });

  it('serves them on their own listener, with the main port’s requests in them', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const { port } = listener.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const samples = parsePrometheus(await res.text());
    expect(
      valueOf(samples, 'appa_http_requests_total', { route: '/api/health', status: '2xx' }),
    ).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
  });

  it('no longer serves them on the main port, even with a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.routeNotFound });
  });

  it('asks the listener for METRICS_TOKEN too when it is set', async () => {
    const guarded = buildMetricsServer(metrics, TOKEN);
    try {
      expect((await guarded.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const res = await guarded.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(res.statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
