import crypto from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import { MSG } from '../../common/messages';
import type { AppContext } from '../context';
import { sendError } from '../lib/error-page';
import { unauthorized } from '../lib/errors';
import type { Metrics } from '../adapters/metrics';
import { clientErrorHandler, registerErrorHandling } from './errors';
import { fileAnswer, refusals } from './openapi';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { EVENTS_ROUTE } from './live';

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * Whether the request carries `token` as its bearer token. Both sides are hashed first: digests
 * have one length whatever was sent, so the comparison takes the same time for every guess.
 */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const sent = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return sent !== undefined && crypto.timingSafeEqual(digest(sent), digest(token));
}

/**
 * GET /metrics in Prometheus's text format, with `token` as a bearer token when one is set; with
 * no metrics to serve, the same 404 as any unknown address (a page's fallback would answer 200).
 * It lives outside /api: no session is resolved, and there is no cookie to guard against CSRF.
 */
function serveMetrics(app: FastifyInstance, metrics: Metrics | null, token: string | undefined) {
  app.get(
    '/metrics',
    {
      schema: {
        operationId: 'getMetrics',
        summary: 'Leer las métricas en el formato de Prometheus',
        description:
          'Con `METRICS_TOKEN`, pide ese token como `Authorization: Bearer`; con `METRICS_PORT`, ' +
          'se sirve en ese puerto y aquí no existe.',
        security: [],
        response: {
          200: fileAnswer('Las métricas del proceso.', 'text/plain'),
          ...refusals({
            401: 'Falta el token de las métricas, o no es ese.',
            404: 'No hay métricas aquí.',
          }),
        },
      },
      config: {
        public: 'Prometheus scrapes it with METRICS_TOKEN, not a session',
        anyHost: 'Prometheus addresses the instance by its IP; METRICS_TOKEN guards it',
      },
    },
    async (request, reply) => {
      if (!metrics) return sendError(request, reply, 404, MSG.routeNotFound);
      if (token !== undefined && !bearerMatches(request, token)) {
        throw unauthorized(MSG.metricsTokenRequired);
      }
      const text = await metrics.registry.metrics();
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(text);
    },
  );
}

/**
 * The instance's metrics: every answered request under its route's pattern, every database
 * statement's time, and what the instance holds, read when scraped. /metrics is served here with
 * METRICS_TOKEN, unless METRICS_PORT gives it a listener of its own (`buildMetricsServer`): then
 * the main port answers it 404.
 */
export function registerMetrics(
  app: FastifyInstance,
  ctx: AppContext,
  metrics: Metrics | null,
  live: { openStreams(): number },
) {
  const served = ctx.config.metrics?.port === undefined ? metrics : null;
  serveMetrics(app, served, ctx.config.metrics?.token);
  if (!metrics) return;

  metrics.watch({
    database: ctx.database,
    readCache: ctx.readCache,
    clock: ctx.clock,
    liveStreams: live.openStreams,
    log: app.log,
  });
  const stop = ctx.database.onQuery(metrics.query);
  app.addHook('onClose', async () => stop());
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    // A live stream's answer lasts as long as the stream (up to 30 minutes): it is not timed.
    const seconds = route === EVENTS_ROUTE ? null : reply.elapsedTime / 1000;
    metrics.request(route, request.method, reply.statusCode, seconds);
    done();
  });
}

/**
 * The listener of METRICS_PORT: /metrics alone (with METRICS_TOKEN when it is set too), logged as
 * the server's own requests are, each with its request id.
 */
export function buildMetricsServer(
  metrics: Metrics,
  token: string | undefined,
  loggerInstance?: FastifyBaseLogger,
): FastifyInstance {
  const app = Fastify({ loggerInstance, genReqId: () => crypto.randomUUID(), clientErrorHandler });
  registerErrorHandling(app);
  // The route's answers are described with zod, as on the main port.
  app.setSerializerCompiler(serializerCompiler);
  serveMetrics(app, metrics, token);
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, MSG.routeNotFound));
  return app as unknown as FastifyInstance;
}
