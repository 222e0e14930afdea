import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { MSG } from '../common/messages';
import { ERROR_PAGE_STYLE_SOURCE, sendError } from './lib/error-page';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { createReadCache, type ReadCache } from './lib/read-cache';
import { registerAuth } from './plugins/auth';
import { serveClient } from './plugins/client';
import { clientErrorHandler, registerErrorHandling } from './plugins/errors';
import { registerHostCheck } from './plugins/host-check';
import { registerLive } from './plugins/live';
import { registerMetrics } from './plugins/metrics';
import { registerReadCache } from './plugins/read-cache';
import { registerRouteFacts } from './plugins/route-facts';
import { authRoutes } from './routes/auth';
import { systemRoutes } from './routes/system';
import { userRoutes } from './routes/users';
import { settingsRoutes } from './routes/settings';
import { auditRoutes } from './routes/audit';
import { mailRoutes } from './routes/mail';
import { userAdminRoutes } from './routes/users/admin';
import { reportRoutes } from './routes/reports';
import { reportFileRoutes } from './routes/reports/files';
import { uploadRoutes } from './routes/uploads';
import { reminderRoutes } from './routes/reminders';
import { weekRoutes } from './routes/week';
import { reviewRoutes } from './routes/reviews';
import { commentRoutes } from './routes/comments';
import { shareRoutes } from './routes/shares';
import { taskRoutes } from './routes/tasks';
import { exportRoutes } from './routes/exports';
import { dashboardRoutes } from './routes/dashboards';
import { demoRoutes } from './routes/demo';
import { absenceRoutes } from './routes/absences';
import { meRoutes } from './routes/me';
import { backupRoutes } from './routes/backup';
import { jobsRoutes } from './routes/jobs';
import { settleAfterReply } from './lib/after-reply';
import { createMailer, type Mailer } from './adapters/mail';
import { createMetrics, type Metrics } from './adapters/metrics';
import { createStorage } from './adapters/storage';
import { openApiRoutes, registerOpenApi } from './plugins/openapi';
import { tokenRoutes } from './routes/tokens';
import { webhookRoutes } from './routes/webhooks';
import { kickWebhooksAfterWrite } from './services/webhooks';
import type { FileStorage } from './adapters/storage/types';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Attachments; defaults to the driver the configuration names. */
  storage?: FileStorage;
  /** Outgoing mail; defaults to SMTP_URL or the outbox folder. */
  mailer?: Mailer;
  /** Answers kept between writes; its own when absent. */
  readCache?: ReadCache;
  /**
   * Prometheus metrics (adapters/metrics.ts), shared with what runs beside the app (the scheduled
   * jobs); its own when METRICS_PORT or METRICS_TOKEN is set, none otherwise.
   */
  metrics?: Metrics;
  /** The built client to serve; defaults to dist/client when it exists. */
  clientDir?: string | null;
}

/** JSON bodies above this are refused with 413 (uploads do not go through JSON). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * What is worth compressing: text, JSON, scripts, styles, SVG. Not the event stream (it must reach
 * the browser event by event), nor zips, images or octet-stream downloads (already compressed, or
 * files we pass through untouched).
 */
const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|(?:\+|\/)(?:json|javascript|ecmascript|xml)(?:;|$)|^image\/svg\+xml/;

function hopsTrusted(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const storage = options.storage ?? (await createStorage(config, database.db, clock));
  const mailer = options.mailer ?? createMailer(config);
  const readCache =
    options.readCache ??
    createReadCache({
      clock,
      sharedLagMs: config.sharedViewsLagMs,
      trusted: () => database.notificationsDown() === null,
    });
  const ctx: AppContext = { config, database, db: database.db, clock, storage, mailer, readCache };
  const secure = config.publicUrl?.startsWith('https://') ?? false;

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify waits forever by default. Headers must arrive within a minute, the whole request
    // (an upload included) within requestTimeoutMs; past either, 408 and the connection closes.
    requestTimeout: config.requestTimeoutMs,
    // Node looks for requests past their time every 30 s (closer for a short timeout), and only
    // when the headers' own limit is no longer than the request's.
    http: {
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.requestTimeoutMs / 4)),
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
    // A hop count trusts that many proxies nearest the server (Fastify's own reading of a number,
    // which its types do not accept).
    trustProxy:
      typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    clientErrorHandler,
    routerOptions: { maxParamLength: 200 },
    // Before any route: an address that cannot be decoded ('/%E0%A4%A') gets Fastify's English
    // answer unless it is said here.
    frameworkErrors: (error, request, reply) => {
      const malformed = error.code === 'FST_ERR_BAD_URL';
      return sendError(request, reply, 400, malformed ? MSG.invalidAddress : MSG.invalidInput);
    },
  });

  // Helmet's middleware is built once here: the Fastify wrapper built it anew for every request,
  // which at thousands of answers a second cost more than serving a kept answer.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", ERROR_PAGE_STYLE_SOURCE],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(storage.connectOrigin ? [storage.connectOrigin] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // Before anything reads the request: a host name this server does not know gets nothing.
  registerHostCheck(app, ctx);
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    // Below a packet or two, compressing costs more than it saves.
    threshold: 1024,
  });
  await app.register(cookie);

  // Work started after an answer (lib/after-reply.ts) finishes before the database closes.
  app.addHook('onClose', settleAfterReply);
  // Webhooks queued by a request's changes leave right after its answer.
  app.addHook('onResponse', (request, _reply, done) => {
    kickWebhooksAfterWrite(ctx, request.log);
    done();
  });
  registerErrorHandling(app);
  await registerOpenApi(app, ctx);
  const api = registerRouteFacts(app);
  registerAuth(app, ctx);
  const live = await registerLive(app, ctx);
  await registerReadCache(app, ctx, { onRevoked: live.endSessions });
  registerMetrics(app, ctx, options.metrics ?? (config.metrics ? createMetrics() : null), live);

  systemRoutes(api, ctx);
  authRoutes(api, ctx);
  userRoutes(api, ctx);
  settingsRoutes(api, ctx);
  auditRoutes(api, ctx);
  mailRoutes(api, ctx);
  userAdminRoutes(api, ctx);
  reportRoutes(api, ctx);
  reportFileRoutes(api, ctx);
  reminderRoutes(api, ctx);
  weekRoutes(api, ctx);
  reviewRoutes(api, ctx);
  commentRoutes(api, ctx);
  shareRoutes(api, ctx);
  taskRoutes(api, ctx);
  exportRoutes(api, ctx);
  dashboardRoutes(api, ctx);
  demoRoutes(api, ctx);
  backupRoutes(api, ctx);
  jobsRoutes(api, ctx);
  meRoutes(api, ctx);
  absenceRoutes(api, ctx);
  tokenRoutes(api, ctx);
  webhookRoutes(api, ctx);
  openApiRoutes(api, ctx);
  await api.register(uploadRoutes(ctx));

  const clientDir = options.clientDir === undefined ? defaultClientDir() : options.clientDir;
  if (clientDir) await serveClient(app, clientDir);
  else
    app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, MSG.routeNotFound));

  return app;
}

function defaultClientDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // From the sources (server/) and from the bundle (dist/server/).
  for (const candidate of [path.join(here, '../dist/client'), path.join(here, '../client')]) {
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return null;
}
