import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { oidcCallbackQuerySchema } from '../../../common/schemas/oidc-callback';
import type { SsoFailure } from '../../../common/schemas/sso';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { isSecure, setSessionCookie } from '../../plugins/auth';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { finishOidcSignIn, SsoRefusal, startOidcSignIn } from '../../services/oidc';

/** The browser's half of a sign-in under way (services/oidc.ts keeps the other half). */
function attemptCookieName(ctx: AppContext): string {
  return isSecure(ctx) ? '__Host-appa_sso' : 'appa_sso';
}

// Lax, not Strict: the provider's redirect back is a top-level navigation from its site.
const attemptCookie = (ctx: AppContext) =>
  ({ httpOnly: true, sameSite: 'lax', secure: isSecure(ctx), path: '/' }) as const;

/** Where a failed single sign-on sends the browser: /auth, with a code the page words. */
function toSignIn(reply: FastifyReply, code: SsoFailure) {
  return reply.redirect(`/auth?sso=${code}`, 302);
}

/** A server without a provider has no single sign-on routes to speak of. */
const notConfigured = () => new AppError(404, 'El inicio de sesión único no está configurado.');

const redirectAnswer = {
  302: z.null().describe('Redirección (Location) al proveedor, a la aplicación o a /auth?sso=…'),
  ...refusals({ 404: 'El inicio de sesión único no está configurado.' }),
};

function rawQuery(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at);
}

/**
 * Single sign-on through the organisation's OpenID Connect provider: the authorization code flow
 * with PKCE, done by `openid-client`. Both routes are navigations of the browser, answered with a
 * redirect; a refusal lands on /auth with a code, never with the provider's words.
 */
export function oidcRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/auth/oidc/start',
    {
      schema: {
        operationId: 'startSingleSignOn',
        summary: 'Iniciar el inicio de sesión único',
        response: redirectAnswer,
      },
      // It opens nothing yet: a row that the callback spends.
      config: {
        tokenScope: false,
        public: true,
        allowDuringPasswordChange: true,
        invalidates: false,
      },
    },
    async (request, reply) => {
      if (!ctx.config.oidc) throw notConfigured();
      try {
        const started = await startOidcSignIn(ctx, request.ip);
        reply.setCookie(attemptCookieName(ctx), started.browser, {
          ...attemptCookie(ctx),
          expires: started.expiresAt,
        });
        reply.header('cache-control', 'no-store');
        return reply.redirect(started.url, 302);
      } catch (error) {
        if (error instanceof SsoRefusal) {
          request.log.warn({ reason: error.reason }, 'single sign-on could not start');
          return toSignIn(reply, error.code);
        }
        if (error instanceof AppError && error.statusCode === 429)
          return toSignIn(reply, 'throttled');
        throw error;
      }
    },
  );

  app.get(
    '/api/auth/oidc/callback',
    {
      schema: {
        operationId: 'finishSingleSignOn',
        summary: 'Volver del proveedor de inicio de sesión único',
        querystring: oidcCallbackQuerySchema,
        response: redirectAnswer,
      },
      // A browser's navigation: a query that does not parse (a parameter twice) lands on the
      // sign-in page like any other failed return, not on a bare 400.
      attachValidation: true,
      // A new session, which no kept answer shows; a person created on the way is not yet in any.
      config: {
        tokenScope: false,
        public: true,
        allowDuringPasswordChange: true,
        invalidates: 'people',
      },
    },
    async (request, reply) => {
      const browser = request.cookies[attemptCookieName(ctx)];
      reply.clearCookie(attemptCookieName(ctx), attemptCookie(ctx));
      if (!ctx.config.oidc) throw notConfigured();
      reply.header('cache-control', 'no-store');
      if (request.validationError) {
        request.log.info('single sign-on return with a malformed query');
        return toSignIn(reply, 'error');
      }
      try {
        const signed = await finishOidcSignIn(ctx, request.log, browser, rawQuery(request), {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        setSessionCookie(ctx, reply, signed.token, signed.session.expiresAt);
        // `/` sends each person to their role's page.
        return reply.redirect('/', 302);
      } catch (error) {
        // A navigation of the browser: whatever went wrong lands on /auth, never on a 500.
        if (!(error instanceof SsoRefusal)) {
          request.log.error({ err: error }, 'single sign-on failed');
          return toSignIn(reply, 'error');
        }
        request.log.info({ reason: error.reason }, 'single sign-on refused');
        return toSignIn(reply, error.code);
      }
    },
  );
}
