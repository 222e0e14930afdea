import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { decodeWritten, encodeWritten, type Written } from '../lib/read-cache';

/** The PostgreSQL channel on which instances tell each other that they wrote. */
export const DATA_CHANNEL = 'appa_data_changed';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a write that went through (or failed half-way: a 5xx) changed, as its route declares it
 * (plugins/route-facts.ts); null for reads, for writes that change nothing kept, and for refused
 * requests, which changed nothing. A write that declares nothing empties everything — sessions
 * kept by plugins/auth.ts included — which is the safe mistake.
 */
function written(request: FastifyRequest, statusCode: number): Written | null {
  if (READS.has(request.method)) return null;
  if (statusCode >= 400 && statusCode < 500) return null;
  const declared = request.routeOptions.config.invalidates;
  return declared === false ? null : (declared ?? 'everything');
}

/**
 * Keeps the read cache (lib/read-cache.ts) true: a write empties it once its transaction has
 * committed and before its answer leaves, so whoever reads after being told "saved" reads what was
 * saved. Other instances on the same PostgreSQL database hear of it through NOTIFY.
 */
export async function registerReadCache(app: FastifyInstance, ctx: AppContext) {
  const instance = crypto.randomUUID();
  const stop = await ctx.database.listen(DATA_CHANNEL, (payload) => {
    const cut = payload.indexOf(':');
    if (payload.slice(0, cut) === instance) return;
    ctx.readCache.invalidate(decodeWritten(cut < 0 ? '' : payload.slice(cut + 1)));
  });
  app.addHook('onClose', async () => stop());

  app.addHook('onSend', async (request, reply, payload) => {
    const what = written(request, reply.statusCode);
    if (what) ctx.readCache.invalidate(what);
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const what = written(request, reply.statusCode);
    if (!what) return;
    try {
      await ctx.db.execute(
        sql`select pg_notify(${DATA_CHANNEL}, ${`${instance}:${encodeWritten(what)}`})`,
      );
    } catch (error) {
      // The others' answers still expire within the cache's window.
      request.log.warn({ err: error }, 'read cache: other instances not told');
    }
  });
}
