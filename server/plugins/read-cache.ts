import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import {
  DATA_CHANNEL,
  decodeDataMessage,
  encodeDataMessage,
  type Revoked,
} from '../lib/data-channel';
import type { Changed } from '../lib/read-cache';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a write that went through (or failed half-way: a 5xx) changed, as its route declares it
 * (plugins/route-facts.ts); null for reads, for writes that change nothing kept, and for refused
 * requests, which changed nothing. A write that declares nothing empties everything — sessions
 * kept by plugins/auth.ts included: the safe mistake.
 */
function changedBy(request: FastifyRequest, statusCode: number): Changed | null {
  if (READS.has(request.method)) return null;
  if (statusCode >= 400 && statusCode < 500) return null;
  const { invalidates: declared, announces } = request.routeOptions.config;
  if (declared === false) return null;
  // Its events say what it changed, and the cache forgets it once they commit (events/cache.ts).
  if (declared === undefined && announces) return null;
  if (declared === undefined) return 'everything';
  return declared;
}

/** The instance each read cache belongs to, as its NOTIFY names it to the others. */
const instanceOf = new WeakMap<AppContext['readCache'], string>();

/**
 * Forgets what a committed write changed: here at once (`writer` sees it at once), and on the other
 * instances through NOTIFY. For writes whose events say what they changed (events/cache.ts).
 */
export async function forgetWritten(
  ctx: AppContext,
  log: Pick<FastifyBaseLogger, 'warn'>,
  changed: Changed,
  writer?: string,
) {
  ctx.readCache.invalidate(changed, writer);
  const instance = instanceOf.get(ctx.readCache);
  if (instance !== undefined) await tellOthers(ctx, log, instance, changed);
}

/** Tells the other instances what `instance` wrote. */
async function tellOthers(
  ctx: AppContext,
  log: Pick<FastifyBaseLogger, 'warn'>,
  instance: string,
  changed: Changed,
) {
  const message = encodeDataMessage({ kind: 'written', instance, changed });
  try {
    await ctx.db.execute(sql`select pg_notify(${DATA_CHANNEL}, ${message})`);
  } catch (error) {
    // The others' answers still expire within the cache's window.
    log.warn({ err: error }, 'read cache: other instances not told');
  }
}

/**
 * Keeps the read cache (lib/read-cache.ts) true: a write empties it once its transaction has
 * committed and before its answer leaves, so whoever reads after being told "saved" reads what was
 * saved. Other instances on the same PostgreSQL database hear of it through NOTIFY, on the channel
 * that also says which sessions ended (services/sessions.ts): every instance then forgets the
 * sessions it keeps at once, and `onRevoked` closes what else they held open (live streams).
 */
export async function registerReadCache(
  app: FastifyInstance,
  ctx: AppContext,
  { onRevoked }: { onRevoked?: (revoked: Revoked) => void } = {},
) {
  const instance = crypto.randomUUID();
  instanceOf.set(ctx.readCache, instance);
  const stop = await ctx.database.listen(
    DATA_CHANNEL,
    (payload) => {
      const message = decodeDataMessage(payload);
      if (message.kind === 'revoked') {
        ctx.readCache.invalidate('people');
        onRevoked?.(message.revoked);
      } else if (message.instance !== instance) {
        ctx.readCache.invalidate(message.changed);
      }
    },
    // Listening again after a drop: whatever was written or revoked meanwhile went unheard.
    () => ctx.readCache.invalidate('everything'),
  );
  app.addHook('onClose', async () => stop());

  app.addHook('onSend', async (request, reply, payload) => {
    const changed = changedBy(request, reply.statusCode);
    if (changed) ctx.readCache.invalidate(changed, request.auth?.user.id);
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const changed = changedBy(request, reply.statusCode);
    if (changed) await tellOthers(ctx, request.log, instance, changed);
  });
}
