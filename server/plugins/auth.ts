import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../common/messages';
import type { AppContext } from '../context';
import { API_TOKEN_MSG, API_TOKEN_PREFIX } from '../../common/schemas/api-tokens';
import type { ApiTokenRow, SessionRow, UserRow } from '../db/schema';
import { LRUCache } from 'lru-cache';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { audit } from '../services/audit';
import { hashToken } from '../lib/tokens';
import { mustChangePassword } from '../presenters/user';
import { refuseUnderSsoOnly, resolveApiToken } from '../services/api-tokens';
import { isLive, resolveSession } from '../services/sessions';

export interface Auth {
  user: UserRow;
  /** The person's session; null for an API token. */
  session: SessionRow | null;
  /**
   * How the request proved who it is: a session's token in the cookie (its writes get the CSRF
   * check) or in the Authorization header, or an API token there.
   */
  via: 'cookie' | 'bearer' | 'token';
  /** The API token that acts, narrowed to its scopes; null for a session. */
  apiToken: ApiTokenRow | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function sessionCookieName(ctx: AppContext): string {
  return isSecure(ctx) ? '__Host-appa_session' : 'appa_session';
}

export function isSecure(ctx: AppContext): boolean {
  return ctx.config.publicUrl?.startsWith('https://') ?? false;
}

export function setSessionCookie(
  ctx: AppContext,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(sessionCookieName(ctx), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(ctx),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(ctx), {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(ctx),
    path: '/',
  });
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{20,200})$/i.exec(header);
  return match?.[1];
}

function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (!referer) return origin === 'null' ? 'null' : undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

function allowedOrigins(ctx: AppContext, request: FastifyRequest): Set<string> {
  const allowed = new Set([`${request.protocol}://${request.host}`]);
  if (ctx.config.publicUrl) allowed.add(new URL(ctx.config.publicUrl).origin);
  return allowed;
}

const NO_SESSION = Symbol('no session');

/**
 * The session behind a token, kept in the read cache (lib/read-cache.ts) between writes: one query
 * less on every request. Every write that could end a session (sign-out, passwords, suspension,
 * role) empties the cache on every instance, and ending sessions tells every instance before the
 * request answers (services/sessions.ts); what is kept is checked against the clock each time.
 * Unknown tokens are not kept.
 */
async function cachedSession(ctx: AppContext, token: string, now: Date) {
  try {
    const kept = await ctx.readCache.value(
      `session:${hashToken(token)}`,
      async () => {
        const resolved = await resolveSession(ctx.db, token, now);
        if (!resolved) throw NO_SESSION;
        return resolved;
      },
      () => 2048,
      // A report's change leaves sessions as they were.
      'people',
    );
    if (isLive(kept, now)) return kept;
  } catch (error) {
    if (error === NO_SESSION) return null;
    throw error;
  }
  // Expired while kept: resolving again ends it.
  return resolveSession(ctx.db, token, now);
}

/**
 * What the audit log keeps of a refused request's address: the route's pattern (`/api/appa/:id`),
 * or the path of an unknown one, never its query string, where tokens and signatures travel.
 */
function auditedRoute(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?', 1)[0] ?? '';
}

/**
 * Resolves the session of every request, refuses cross-site writes, answers 401 to a request
 * without a session unless its route is public (before its input is read, so that a signed-out
 * caller learns nothing of what the route expects), and holds a user who must change a temporary
 * password to the routes that allow it.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);

  // What a signed-in person reads (people, settings, the audit log, the outbox, reports) stays out
  // of every cache, the browser's included, unless the route says how it may be kept: the read
  // cache's answers are revalidated on every use ('private, no-cache'), downloads say 'no-store'.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.auth && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  // Another system acting through a service token leaves a trace of everything it did, written
  // before the answer leaves.
  app.addHook('onSend', async (request, reply, payload) => {
    const apiToken = request.auth?.apiToken;
    if (apiToken?.kind !== 'SERVICE') return payload;
    await audit(ctx.db, {
      actorId: apiToken.userId,
      action: 'api_token.used',
      entity: 'api_token',
      entityId: apiToken.id,
      meta: { method: request.method, route: auditedRoute(request), status: reply.statusCode },
    });
    return payload;
  });

  app.addHook('onRequest', async (request) => {
    // The router decodes the path (`/%61pi/logout` is /api/logout): its pattern says where it goes.
    const route = request.routeOptions.url;
    if (!request.url.startsWith('/api/') && !route?.startsWith('/api/')) return;
    const bearer = bearerToken(request);
    const cookie = request.cookies[sessionCookieName(ctx)];
    const token = bearer ?? cookie;
    const via = bearer ? 'bearer' : 'cookie';

    if (UNSAFE_METHODS.has(request.method)) {
      const origin = requestOrigin(request);
      const crossSite = origin !== undefined && !allowedOrigins(ctx, request).has(origin);
      // A browser always sends Origin on these methods; a cookie without one is not a browser we know.
      const cookieWithoutOrigin = via === 'cookie' && token !== undefined && origin === undefined;
      if (crossSite || cookieWithoutOrigin) {
        await audit(ctx.db, {
          action: 'security.csrf_refused',
          entity: 'request',
          meta: {
            method: request.method,
            route: auditedRoute(request),
            origin: origin ?? null,
            ip: request.ip,
          },
        });
        throw forbidden(MSG.csrf);
      }
    }

    if (bearer?.startsWith(API_TOKEN_PREFIX)) {
      request.auth = await tokenAuth(ctx, request, bearer);
      return;
    }

    const resolved = token ? await cachedSession(ctx, token, ctx.clock()) : null;
    if (!resolved) {
      if (request.routeOptions.config.public || request.is404) return;
      throw unauthorized();
    }
    request.auth = { ...resolved, via, apiToken: null };

    if (
      mustChangePassword(resolved.user, resolved.session) &&
      !request.routeOptions.config.allowDuringPasswordChange
    ) {
      await audit(ctx.db, {
        actorId: resolved.user.id,
        action: 'security.password_change_required',
        entity: 'request',
        meta: { method: request.method, route: auditedRoute(request) },
      });
      throw forbidden(MSG.mustChangePassword);
    }
  });
}

/**
 * Who an API token acts as, if it may reach this route now: valid, its scopes naming the route,
 * its owner not held to a password change, and within its rate (TokenRates). Refusals are 401
 * for a token that does not work, 403 for one that may not do this, 429 past its rate.
 */
async function tokenAuth(ctx: AppContext, request: FastifyRequest, token: string): Promise<Auth> {
  const now = ctx.clock();
  const resolved = await resolveApiToken(ctx.db, token, now);
  if (!resolved) throw unauthorized(API_TOKEN_MSG.invalid);
  // A personal token is a way in that single sign-on does not see.
  await refuseUnderSsoOnly(ctx, resolved);
  // Counted before anything else: a script hammering routes it may not reach would otherwise
  // write a refusal to the audit log as fast as it can ask.
  const wait = tokenRates.take(resolved.apiToken.id, now.getTime());
  if (wait > 0) throw new AppError(429, API_TOKEN_MSG.tooMany, { 'retry-after': String(wait) });
  // A HEAD request shares its GET route's options, so its scope too.
  const scope = request.routeOptions.config.tokenScope || undefined;
  if (!scope || !resolved.apiToken.scopes.includes(scope)) {
    await audit(ctx.db, {
      actorId: resolved.user.id,
      action: 'security.permission_refused',
      entity: 'api_token',
      entityId: resolved.apiToken.id,
      meta: { method: request.method, route: auditedRoute(request), scope: scope ?? null },
    });
    throw forbidden(
      request.routeOptions.url?.startsWith('/api/tokens')
        ? API_TOKEN_MSG.tokensCannotManageTokens
        : API_TOKEN_MSG.outOfScope,
    );
  }
  if (mustChangePassword(resolved.user)) throw forbidden(MSG.mustChangePassword);
  return { ...resolved, session: null, via: 'token' };
}

/** Requests a token may make per minute, on each instance. */
export const TOKEN_REQUESTS_PER_MINUTE = 600;

/** A fixed window per token and minute, kept in memory: a runaway script is slowed, not a person. */
export class TokenRates {
  private readonly windows = new LRUCache<string, { minute: number; count: number }>({
    max: 10_000,
  });
  constructor(private readonly perMinute = TOKEN_REQUESTS_PER_MINUTE) {}
  /**
   * Counts a request of token `id`: 0 while its minute's requests last, then the seconds until
   * the next minute begins (for `Retry-After`).
   */
  take(id: string, nowMs: number): number {
    const minute = Math.floor(nowMs / 60_000);
    const window = this.windows.get(id);
    if (!window || window.minute !== minute) {
      this.windows.set(id, { minute, count: 1 });
      return 0;
    }
    window.count += 1;
    return window.count <= this.perMinute ? 0 : Math.ceil(((minute + 1) * 60_000 - nowMs) / 1000);
  }
}
const tokenRates = new TokenRates();

/** The signed-in person of a request with a session (not an API token), or a 401. */
export function requireSession(request: FastifyRequest): Auth & { session: SessionRow } {
  const auth = requireAuth(request);
  if (!auth.session) throw unauthorized();
  return { ...auth, session: auth.session };
}

/** The signed-in user of a request, or a 401. */
export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
