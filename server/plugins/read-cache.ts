import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';

/** The PostgreSQL channel on which instances tell each other that they wrote. */
export const DATA_CHANNEL = 'appa_data_changed';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that change nothing a cached answer shows: signing in (a new session, not an existing
 * one), one-time links, mail, an upload not yet part of a report. Anything not listed here empties
 * the cache — sessions kept by plugins/auth.ts included — which is the safe mistake.
 */
const KEEPS_READS = new Set([
  'POST /api/auth/login',
  'POST /api/auth/login-username',
  'POST /api/auth/magic-link',
  'POST /api/auth/verify-magic-link',
  'POST /api/demo/login',
  'POST /api/reminders/send',
  'POST /api/objects/upload',
]);

/** A write that went through (or failed half-way): refused requests changed nothing. */
function wrote(request: FastifyRequest, statusCode: number): boolean {
  if (READS.has(request.method)) return false;
  if (statusCode >= 400 && statusCode < 500) return false;
  return !KEEPS_READS.has(`${request.method} ${request.routeOptions.url ?? ''}`);
}

/**
 * Keeps the read cache (lib/read-cache.ts) true: a write empties it once its transaction has
 * committed and before its answer leaves, so whoever reads after being told "saved" reads what was
 * saved. Other instances on the same PostgreSQL database hear of it through NOTIFY.
 */
export async function registerReadCache(app: FastifyInstance, ctx: AppContext) {
  const instance = crypto.randomUUID();
  const stop = await ctx.database.listen(DATA_CHANNEL, (from) => {
    if (from !== instance) ctx.readCache.invalidate();
  });
  app.addHook('onClose', async () => stop());

  app.addHook('onSend', async (request, reply, payload) => {
    if (wrote(request, reply.statusCode)) ctx.readCache.invalidate();
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!wrote(request, reply.statusCode)) return;
    try {
      await ctx.db.execute(sql`select pg_notify(${DATA_CHANNEL}, ${instance})`);
    } catch (error) {
      // The others' answers still expire within the cache's window.
      request.log.warn({ err: error }, 'read cache: other instances not told');
    }
  });
}
