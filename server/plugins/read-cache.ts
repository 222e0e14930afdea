import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Written } from '../lib/read-cache';

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

/**
 * Writes to reports and what hangs from them (comments, reviews, tasks, files, shares): they
 * change no person, session or setting, so sessions stay kept. The most frequent writes by far.
 */
const REPORT_WRITES = /^\/api\/(appa|review-tasks)(\/|$)/;

/**
 * What a write that went through (or failed half-way) changed; null for reads and for refused
 * requests, which changed nothing.
 */
function written(request: FastifyRequest, statusCode: number): Written | null {
  if (READS.has(request.method)) return null;
  if (statusCode >= 400 && statusCode < 500) return null;
  const route = request.routeOptions.url ?? '';
  if (KEEPS_READS.has(`${request.method} ${route}`)) return null;
  return REPORT_WRITES.test(route) ? 'reports' : 'everything';
}

const WRITTEN = new Set<string>(['reports', 'everything'] satisfies Written[]);

/**
 * Keeps the read cache (lib/read-cache.ts) true: a write empties it once its transaction has
 * committed and before its answer leaves, so whoever reads after being told "saved" reads what was
 * saved. Other instances on the same PostgreSQL database hear of it through NOTIFY.
 */
export async function registerReadCache(app: FastifyInstance, ctx: AppContext) {
  const instance = crypto.randomUUID();
  const stop = await ctx.database.listen(DATA_CHANNEL, (payload) => {
    const [from, what = 'everything'] = payload.split(':');
    if (from === instance) return;
    ctx.readCache.invalidate(WRITTEN.has(what) ? (what as Written) : 'everything');
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
      await ctx.db.execute(sql`select pg_notify(${DATA_CHANNEL}, ${`${instance}:${what}`})`);
    } catch (error) {
      // The others' answers still expire within the cache's window.
      request.log.warn({ err: error }, 'read cache: other instances not told');
    }
  });
}
