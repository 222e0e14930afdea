import type { FastifyInstance } from 'fastify';
import { MSG } from '../../../common/messages';
import {
  changePasswordSchema,
  loginSchema,
  magicLinkRequestSchema,
  registerSchema,
  verifyMagicLinkSchema,
  type ChangePasswordResponse,
  type LoginResponse,
  type LogoutResponse,
  type CurrentUser,
} from '../../../common/schemas/auth';
import type { AppContext } from '../../context';
import { clearSessionCookie, requireAuth, setSessionCookie } from '../../plugins/auth';
import { forbidden, parse } from '../../lib/errors';
import { presentCurrentUser } from '../../presenters/user';
import { audit } from '../../services/audit';
import { changePassword, signInWithPassword } from '../../services/auth';
import { requestMagicLink, verifyMagicLink } from './magic-link';
import { registerUser } from './registration';
import { revokeSession } from '../../services/sessions';

const open = { config: { allowDuringPasswordChange: true } };

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/user', open, async (request): Promise<CurrentUser> => {
    return presentCurrentUser(requireAuth(request).user);
  });

  // API clients: the answer carries the token for `Authorization: Bearer`.
  app.post('/api/auth/login', open, async (request, reply): Promise<LoginResponse> => {
    const body = parse(loginSchema, request.body);
    const signed = await signInWithPassword(ctx, body.username, body.password, clientOf(request));
    setSessionCookie(ctx, reply, signed.token, signed.session.expiresAt);
    return { ...presentCurrentUser(signed.user), token: signed.token };
  });

  // The web screens: the session travels only in the httpOnly cookie.
  app.post('/api/auth/login-username', open, async (request, reply): Promise<CurrentUser> => {
    const body = parse(loginSchema, request.body);
    const signed = await signInWithPassword(ctx, body.username, body.password, clientOf(request));
    setSessionCookie(ctx, reply, signed.token, signed.session.expiresAt);
    return presentCurrentUser(signed.user);
  });

  app.post('/api/logout', open, async (request, reply): Promise<LogoutResponse> => {
    if (request.auth) {
      await revokeSession(ctx.db, request.auth.session.id);
      await audit(ctx.db, {
        actorId: request.auth.user.id,
        action: 'auth.logout',
        entity: 'user',
        entityId: request.auth.user.id,
      });
    }
    clearSessionCookie(ctx, reply);
    return { message: MSG.loggedOut, redirectTo: ctx.config.publicSiteUrl ?? '/auth' };
  });

  app.post('/api/auth/change-password', open, async (request): Promise<ChangePasswordResponse> => {
    const { user, session } = requireAuth(request);
    const body = parse(changePasswordSchema, request.body);
    const updated = await changePassword(
      ctx,
      user,
      session,
      body.currentPassword,
      body.newPassword,
      request.ip,
    );
    return { message: MSG.passwordChanged, user: presentCurrentUser(updated) };
  });

  // Always the same answer: whether the address has an account is never revealed.
  app.post('/api/auth/magic-link', async (request): Promise<{ message: string }> => {
    const { email } = parse(magicLinkRequestSchema, request.body);
    await requestMagicLink(ctx, email, request.ip);
    return { message: MSG.magicLinkSent };
  });

  app.post('/api/auth/verify-magic-link', open, async (request, reply): Promise<CurrentUser> => {
    const { token } = parse(verifyMagicLinkSchema, request.body);
    const signed = await verifyMagicLink(ctx, token, clientOf(request));
    setSessionCookie(ctx, reply, signed.token, signed.session.expiresAt);
    return presentCurrentUser(signed.user);
  });

  app.post('/api/register', async (request, reply): Promise<CurrentUser> => {
    if (request.auth) throw forbidden();
    const body = parse(registerSchema, request.body);
    const signed = await registerUser(ctx, body, clientOf(request));
    setSessionCookie(ctx, reply, signed.token, signed.session.expiresAt);
    return presentCurrentUser(signed.user);
  });
}

function clientOf(request: { ip: string; headers: { 'user-agent'?: string | undefined } }) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
