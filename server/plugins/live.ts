import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../common/messages';
import type { AppContext } from '../context';
import { AppError } from '../lib/errors';
import { requireAuth } from './auth';
import { createLiveHub, type LiveEvent } from '../services/live';

/** A stream lives this long, then closes; the browser reconnects with the session it has then. */
export const STREAM_LIFETIME_MS = 30 * 60_000;
const HEARTBEAT_MS = 25_000;
/**
 * Streams one person may hold open (a few tabs and devices); the next one closes their oldest, so
 * nobody holds an instance's connections by opening hundreds.
 */
export const STREAMS_PER_USER = 5;

/** The event a write announces, as its route declares it (plugins/route-facts.ts). */
function eventOf(request: FastifyRequest): LiveEvent | null {
  const live = request.routeOptions.config.live;
  if (!live) return null;
  return { type: typeof live === 'function' ? live(request) : live };
}

/**
 * Live updates: GET /api/events is a Server-Sent Events stream on which the panel and
 * the dashboards hear that a report was saved, sent, reviewed or commented. The signal crosses
 * instances through PostgreSQL LISTEN/NOTIFY (PGlite has it too).
 */
export async function registerLive(app: FastifyInstance, ctx: AppContext) {
  const hub = await createLiveHub(ctx.database);
  const streams = new Set<() => void>();
  const byUser = new Map<string, (() => void)[]>();
  // Before the server waits for open connections to finish: a stream never finishes by itself.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.addHook('onClose', async () => hub.close());

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300) return;
    const event = eventOf(request);
    if (!event) return;
    try {
      await hub.publish(event);
    } catch (error) {
      // The write succeeded; screens still refresh on focus.
      request.log.warn({ err: error }, 'live event not published');
    }
  });

  app.get('/api/events', async (request, reply) => {
    const { user } = requireAuth(request);
    // Past the bound, a 503: the browser's EventSource tries again a few seconds later.
    if (streams.size >= ctx.config.liveStreamsMax) {
      throw new AppError(503, MSG.tooManyLiveStreams);
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write('retry: 5000\n\n');
    const unsubscribe = hub.subscribe((event) => {
      res.write(`event: appa\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const mine = byUser.get(user.id) ?? [];
    const end = () => {
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      unsubscribe();
      streams.delete(end);
      const at = mine.indexOf(end);
      if (at >= 0) mine.splice(at, 1);
      if (mine.length === 0) byUser.delete(user.id);
      if (!res.writableEnded) res.end();
    };
    const lifetime = setTimeout(end, STREAM_LIFETIME_MS);
    streams.add(end);
    mine.push(end);
    byUser.set(user.id, mine);
    while (mine.length > STREAMS_PER_USER) mine[0]?.();
    request.raw.on('close', end);
  });
}
