import type { FastifyInstance } from 'fastify';
import { MSG } from '../../common/messages';
import type { AppContext } from '../context';
import { endsSession, type Revoked } from '../lib/data-channel';
import { AppError } from '../lib/errors';
import { whoReads } from '../policies/report';
import { requireSession } from './auth';
import { fileAnswer, refusals } from './openapi';
import { createLiveHub, type LiveEvent, type LiveEventType } from '../services/live';

/** A stream lives this long, then closes; the browser reconnects with the session it has then. */
export const STREAM_LIFETIME_MS = 30 * 60_000;
const HEARTBEAT_MS = 25_000;
/** When the server stops, its browsers reconnect after this, plus up to the spread. */
const SHUTDOWN_RETRY_MS = 1_000;
const SHUTDOWN_RETRY_SPREAD_MS = 3_000;
/**
 * Streams one person may hold open (a few tabs and devices); the next one closes their oldest, so
 * nobody holds an instance's connections by opening hundreds.
 */
export const STREAMS_PER_USER = 5;

/** The live-update stream's route: its answer lasts as long as the stream. */
export const EVENTS_ROUTE = '/api/events';

/**
 * An event as a stream carries it, framed once for every stream that gets it. The browser refetches
 * what it shows; which report, and what it says, stay here. The shared views show the change within
 * `settleMs` (SHARED_VIEWS_LAG_MS): refetching sooner could get the answer from before it.
 */
function eventText(type: LiveEventType, settleMs: number) {
  return `event: appa\ndata: ${JSON.stringify({ type, settleMs })}\n\n`;
}

/** A notification for the stream's person: a separate event name, heard by the bell alone. */
const NOTIFICATION_TEXT = `event: notification\ndata: {}\n\n`;

/** An open GET /api/events: whose it is, through which session. */
interface Stream {
  userId: string;
  sessionId: string;
  /** Writes one event, as `eventText` frames it. */
  send(text: string): void;
  end(): void;
}

/**
 * Live updates: GET /api/events is a Server-Sent Events stream on which the panel and
 * the dashboards hear that a report was saved, sent, reviewed or commented. The signal crosses
 * instances through PostgreSQL LISTEN/NOTIFY (PGlite has it too); each instance sends it on to the
 * streams whose users may read that report, as its type alone. Answers how to close the streams of
 * sessions that ended.
 */
export async function registerLive(app: FastifyInstance, ctx: AppContext) {
  const streams = new Set<Stream>();
  // After an outage of the database's notifications, every screen refreshes what it shows (events
  // were missed) and its stream ends: the browser connects again, and its session is checked anew
  // (one revoked meanwhile was not heard of).
  const hub = await createLiveHub(ctx.database, () => {
    for (const stream of [...streams]) {
      stream.send(eventText('report.saved', ctx.config.sharedViewsLagMs));
      stream.send(NOTIFICATION_TEXT);
      stream.end();
    }
  });
  const byUser = new Map<string, Stream[]>();

  const deliver = async (event: LiveEvent) => {
    if (byUser.size === 0) return;
    if (event.type === 'notification.created') {
      // Only that there is something new for them: the bell asks what.
      const to = new Set(event.userIds);
      for (const stream of streams) if (to.has(stream.userId)) stream.send(NOTIFICATION_TEXT);
      return;
    }
    const readers = await whoReads(ctx, event.report, [...byUser.keys()]);
    const text = eventText(event.type, ctx.config.sharedViewsLagMs);
    for (const stream of streams) if (readers.has(stream.userId)) stream.send(text);
  };
  hub.subscribe((event) => {
    // The screens still refresh on focus and by polling.
    deliver(event).catch((error: unknown) => app.log.warn({ err: error }, 'live event not sent'));
  });

  // Before the server waits for open connections to finish: a stream never finishes by itself.
  // Each browser is told to come back soon rather than after the usual 5 s, and the stream ends:
  // its EventSource connects again, through the load balancer, to an instance still running.
  // (This one no longer accepts by then.) The wait is spread over a few seconds so that the
  // browsers of a stopping instance do not all arrive at the next one in the same instant.
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) {
      const retryMs = SHUTDOWN_RETRY_MS + Math.floor(Math.random() * SHUTDOWN_RETRY_SPREAD_MS);
      stream.send(`retry: ${retryMs}\n\n`);
      stream.end();
    }
  });
  app.addHook('onClose', async () => hub.close());

  const stream = {
    operationId: 'streamEvents',
    summary: 'Recibir en vivo los cambios de los reportes',
    description:
      'Server-Sent Events para las pantallas con sesión (los tokens de API no llegan aquí): cada ' +
      'evento nombra el reporte que cambió, y solo llega a quien puede leerlo.',
    response: {
      200: fileAnswer('Un flujo de eventos que dura hasta 30 minutos.', 'text/event-stream'),
      ...refusals({ 503: 'Hay demasiados flujos abiertos: el navegador vuelve a intentarlo.' }),
    },
  };
  // The screens of a session listen here; tokens do not.
  const config = { tokenScope: false } as const;
  app.get(EVENTS_ROUTE, { schema: stream, config }, async (request, reply) => {
    const { user, session } = requireSession(request);
    // Past the bound, a 503: the browser's EventSource gives up, and the page opens it again 10
    // to 20 s later (client/src/lib/live-updates.ts).
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
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const mine = byUser.get(user.id) ?? [];
    const stream: Stream = {
      userId: user.id,
      sessionId: session.id,
      send(text) {
        if (!res.writableEnded) res.write(text);
      },
      end() {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        streams.delete(stream);
        const at = mine.indexOf(stream);
        if (at >= 0) mine.splice(at, 1);
        if (mine.length === 0) byUser.delete(user.id);
        if (!res.writableEnded) res.end();
      },
    };
    const lifetime = setTimeout(() => stream.end(), STREAM_LIFETIME_MS);
    streams.add(stream);
    mine.push(stream);
    byUser.set(user.id, mine);
    while (mine.length > STREAMS_PER_USER) mine[0]?.end();
    request.raw.on('close', () => stream.end());
  });

  return {
    /** How many streams this instance holds open now. */
    openStreams: () => streams.size,
    /** Closes this instance's streams of sessions that ended (services/sessions.ts). */
    endSessions(revoked: Revoked) {
      for (const stream of [...streams]) {
        if (endsSession(revoked, { id: stream.sessionId, userId: stream.userId })) stream.end();
      }
    },
  };
}
