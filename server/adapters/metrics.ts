import { ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { mailQueue, webhookDeliveries, webhookEndpoints } from '../db/schema';
import type { Clock } from '../lib/clock';
import {
  INVALIDATION_SCOPES,
  LOOKUP_KINDS,
  LOOKUP_OUTCOMES,
  type ReadCache,
} from '../lib/read-cache';
import type { JobRun } from '../jobs/scheduler';

/** What the metrics read when they are scraped, from the instance that serves them. */
export interface MetricSources {
  database: Database;
  readCache: ReadCache;
  clock: Clock;
  /** Live-update streams open now. */
  liveStreams: () => number;
  log: FastifyBaseLogger;
}

/** The label of requests no route matched: one label, whatever their addresses. */
export const UNMATCHED_ROUTE = 'unmatched';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Prometheus metrics of one server instance, on a registry of its own (tests build many
 * instances in one process; prom-client's global registry would mix them, or refuse the second).
 * Counts and times are recorded as they happen; what the instance holds (the pool, the read cache,
 * the live streams, the mail queue) is read when scraped, so a request pays for nothing it does
 * not record.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let sources: MetricSources | null = null;

  const requestLabels = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'appa_http_requests_total',
    help: 'Requests answered, by route pattern, method and status class (2xx, 4xx...).',
    labelNames: requestLabels,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'appa_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class.',
    labelNames: requestLabels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // A child per label set, found by one string: the labels' own lookup sorts and joins each time.
  const requestChildren = new Map<
    string,
    { count: Counter.Internal; time: Histogram.Internal<(typeof requestLabels)[number]> }
  >();

  const querySeconds = new Histogram({
    name: 'appa_db_query_duration_seconds',
    help: 'Time of each database statement, by outcome (ok, error).',
    labelNames: ['outcome'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const queryOk = querySeconds.labels('ok');
  const queryFailed = querySeconds.labels('error');

  // Only a database server has a pool: the embedded database shows none rather than zeros.
  const watchPool = (database: Database) => {
    const pool = () => database.poolUse() ?? { total: 0, idle: 0, waiting: 0, max: 0 };
    new Gauge({
      name: 'appa_db_pool_connections',
      help: 'Connections of the PostgreSQL pool, by state (idle, busy).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const { total, idle } = pool();
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'busy' }, total - idle);
      },
    });
    new Gauge({
      name: 'appa_db_pool_connections_max',
      help: 'Connections the PostgreSQL pool opens at most.',
      registers: [registry],
      collect() {
        this.set(pool().max);
      },
    });
    new Gauge({
      name: 'appa_db_pool_waiting',
      help: 'Statements waiting for a free connection of the PostgreSQL pool.',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  };
  new Gauge({
    name: 'appa_db_notifications_down',
    help: '1 while a LISTEN connection is down and reconnecting (caches serve nothing), else 0.',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.database.notificationsDown() === null ? 0 : 1);
    },
  });

  new Counter({
    name: 'appa_read_cache_lookups_total',
    help: 'Read-cache lookups by kind (answer, value, area, week) and outcome (hit, miss, bypass: notifications down).',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
    collect() {
      if (!sources) return;
      const { lookups } = sources.readCache.stats();
      this.reset();
      for (const kind of LOOKUP_KINDS)
        for (const outcome of LOOKUP_OUTCOMES) this.inc({ kind, outcome }, lookups[kind][outcome]);
    },
  });
  new Counter({
    name: 'appa_read_cache_invalidations_total',
    help: 'Times the read cache forgot, by what was written (reports, all-reports, people, settings, everything).',
    labelNames: ['scope'],
    registers: [registry],
    collect() {
      if (!sources) return;
      const { invalidations } = sources.readCache.stats();
      this.reset();
      for (const scope of INVALIDATION_SCOPES) this.inc({ scope }, invalidations[scope]);
    },
  });
  new Gauge({
    name: 'appa_read_cache_bytes',
    help: 'Memory the read cache’s kept answers take, before compression.',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.readCache.stats().bytes);
    },
  });

  new Gauge({
    name: 'appa_live_streams',
    help: 'Live-update streams (GET /api/events) this instance holds open.',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.liveStreams());
    },
  });

  // The three read the same rows, and a scrape collects them together: one statement fills all.
  let mailReading: Promise<MailQueueState | null> | null = null;
  const readMailQueue = () =>
    (mailReading ??= (async () => {
      if (!sources) return null;
      try {
        return await mailQueueState(sources.database.db, sources.clock);
      } catch (error) {
        // This scrape goes without them (the rest is still served): no count rather than a wrong one.
        sources.log.warn({ err: error }, 'metrics: mail queue not read');
        return null;
      }
    })().finally(() => {
      mailReading = null;
    }));
  new Gauge({
    name: 'appa_mail_queue_messages',
    help: 'E-mails waiting in the queue (pending) or given up (failed; kept 30 days).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const state = await readMailQueue();
      this.reset();
      if (!state) return;
      this.set({ status: 'pending' }, state.pending);
      this.set({ status: 'failed' }, state.failed);
    },
  });
  new Gauge({
    name: 'appa_mail_queue_retrying',
    help: 'Pending e-mails that failed at least once and wait for another try.',
    registers: [registry],
    async collect() {
      this.set((await readMailQueue())?.retrying ?? NaN);
    },
  });
  new Gauge({
    name: 'appa_mail_queue_oldest_pending_age_seconds',
    help: 'Age of the oldest e-mail not yet sent; 0 when none waits.',
    registers: [registry],
    async collect() {
      this.set((await readMailQueue())?.oldestPendingSeconds ?? NaN);
    },
  });

  new Gauge({
    name: 'appa_webhook_deliveries',
    help: 'Webhook deliveries waiting (pending) or given up (failed; kept 30 days), and endpoints disabled.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      if (!sources) return;
      try {
        const state = await webhookState(sources.database.db);
        for (const [status, n] of Object.entries(state)) this.set({ status }, n);
      } catch (error) {
        sources.log.warn({ err: error }, 'metrics: webhook deliveries not read');
      }
    },
  });

  const jobRuns = new Counter({
    name: 'appa_job_runs_total',
    help: 'Runs of each scheduled job, by result (ok, error).',
    labelNames: ['job', 'result'],
    registers: [registry],
  });
  const jobLastRun = new Gauge({
    name: 'appa_job_last_run_timestamp_seconds',
    help: 'When each scheduled job last started, whatever its result (Unix time).',
    labelNames: ['job'],
    registers: [registry],
  });
  const jobLastSuccess = new Gauge({
    name: 'appa_job_last_success_timestamp_seconds',
    help: 'When each scheduled job last started a run that succeeded (Unix time).',
    labelNames: ['job'],
    registers: [registry],
  });
  const jobLastOk = new Gauge({
    name: 'appa_job_last_run_ok',
    help: '1 when the last run of each scheduled job succeeded, 0 when it failed.',
    labelNames: ['job'],
    registers: [registry],
  });
  const jobLastSeconds = new Gauge({
    name: 'appa_job_last_run_duration_seconds',
    help: 'How long the last run of each scheduled job took.',
    labelNames: ['job'],
    registers: [registry],
  });

  return {
    registry,
    /** What the scraped values are read from: the instance's own (plugins/metrics.ts). */
    watch(from: MetricSources) {
      if (!sources && from.database.poolUse()) watchPool(from.database);
      sources = from;
    },
    /** One answered request, under its route's pattern (never its address); timed unless null. */
    request(route: string | undefined, method: string, status: number, seconds: number | null) {
      const key = `${method} ${status} ${route ?? ''}`;
      let child = requestChildren.get(key);
      if (!child) {
        const labels = {
          route: route ?? UNMATCHED_ROUTE,
          method: KNOWN_METHODS.has(method) ? method : 'OTHER',
          status: `${Math.floor(status / 100)}xx`,
        };
        child = { count: requests.labels(labels), time: requestSeconds.labels(labels) };
        requestChildren.set(key, child);
      }
      child.count.inc();
      if (seconds !== null) child.time.observe(seconds);
    },
    query(seconds: number, failed: boolean) {
      (failed ? queryFailed : queryOk).observe(seconds);
    },
    jobRan(run: JobRun) {
      const labels = { job: run.job };
      const started = run.startedAt.getTime() / 1000;
      jobRuns.inc({ ...labels, result: run.ok ? 'ok' : 'error' });
      jobLastRun.set(labels, started);
      if (run.ok) jobLastSuccess.set(labels, started);
      jobLastOk.set(labels, run.ok ? 1 : 0);
      jobLastSeconds.set(labels, run.seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

interface MailQueueState {
  pending: number;
  failed: number;
  /** Pending messages tried at least once. */
  retrying: number;
  /** How long the oldest pending message has waited; 0 when none does. */
  oldestPendingSeconds: number;
}

/**
 * The queue's unsent messages, in one statement over the rows not sent: the sent ones (a month
 * of them) are not counted.
 */
async function mailQueueState(db: Database['db'], clock: Clock): Promise<MailQueueState> {
  const rows = await db
    .select({
      status: mailQueue.status,
      count: sql<number>`count(*)::int`,
      retried: sql<number>`(count(*) filter (where ${mailQueue.attempts} > 0))::int`,
      oldest: sql<number | null>`extract(epoch from min(${mailQueue.createdAt}))::float8`,
    })
    .from(mailQueue)
    .where(ne(mailQueue.status, 'SENT'))
    .groupBy(mailQueue.status);
  const pending = rows.find((row) => row.status === 'PENDING');
  const failed = rows.find((row) => row.status === 'FAILED');
  const now = clock().getTime() / 1000;
  return {
    pending: pending?.count ?? 0,
    failed: failed?.count ?? 0,
    retrying: pending?.retried ?? 0,
    oldestPendingSeconds: pending?.oldest == null ? 0 : Math.max(0, now - pending.oldest),
  };
}

/**
 * Webhook deliveries not sent, by status, and the endpoints the server stopped sending to: one
 * statement, over the rows not sent.
 */
async function webhookState(
  db: Database['db'],
): Promise<{ pending: number; failed: number; endpoint_disabled: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${webhookDeliveries.status} = 'PENDING'))::int`,
      failed: sql<number>`(count(*) filter (where ${webhookDeliveries.status} = 'FAILED'))::int`,
      disabled: sql<number>`(select count(*) from ${webhookEndpoints} where not ${webhookEndpoints.enabled})::int`,
    })
    .from(webhookDeliveries)
    .where(ne(webhookDeliveries.status, 'SENT'));
  return {
    pending: row?.pending ?? 0,
    failed: row?.failed ?? 0,
    endpoint_disabled: row?.disabled ?? 0,
  };
}
