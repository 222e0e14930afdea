import { MSG } from '../../../common/messages';
import { API_TOKEN_MSG } from '../../../common/schemas/api-tokens';
import {
  changePasswordResponseSchema,
  changePasswordSchema,
  currentUserSchema,
  loginResponseSchema,
  loginSchema,
  logoutResponseSchema,
  magicLinkRequestSchema,
  messageResponseSchema,
  verifyMagicLinkSchema,
  type ChangePasswordResponse,
  type LoginResponse,
  type LogoutResponse,
  type CurrentUser,
} from '../../../common/schemas/auth';
import {
  REGISTRATION_MSG,
  registerSchema,
  verifyEmailSchema,
} from '../../../common/schemas/registration';
import type { AppContext } from '../../context';
import { clearSessionCookie, requireSession, setSessionCookie } from '../../plugins/auth';
import { afterReply } from '../../lib/after-reply';
import { forbidden } from '../../lib/errors';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { presentCurrentUser } from '../../presenters/user';
import { audit } from '../../services/audit';
import { changePassword, signInWithPassword } from '../../services/auth';
import { acceptMagicLinkRequest, sendMagicLink, verifyMagicLink } from './magic-link';
import { kickMail } from '../../services/mail-queue';
import { oidcRoutes } from './oidc';
import { registerUser, verifyEmail } from './registration';
import { providerLogoutUrl } from '../../services/oidc';
import { revokeSession } from '../../services/sessions';

/**
 * A sign-in: public, reachable while a temporary password waits to be changed, and it opens a new
 * session, which no kept answer shows.
 */
const signIn = {
  tokenScope: false,
  public: true,
  allowDuringPasswordChange: true,
  invalidates: false,
} as const;

export function authRoutes(app: Api, ctx: AppContext) {
  oidcRoutes(app, ctx);

  app.get(
    '/api/user',
    {
      schema: {
        operationId: 'getCurrentUser',
        summary: 'Leer el usuario de la sesión',
        response: { 200: currentUserSchema },
      },
      config: { tokenScope: false, allowDuringPasswordChange: true },
    },
    async (request): Promise<CurrentUser> => {
      const { user, session } = requireSession(request);
      return presentCurrentUser(user, session);
    },
  );

  // API clients: the answer carries the token for `Authorization: Bearer`.
  app.post(
    '/api/auth/login',
    {
      schema: {
        operationId: 'signIn',
        summary: 'Iniciar sesión y recibir el token',
        body: loginSchema,
        response: {
          200: loginResponseSchema,
          ...refusals({ 429: 'Demasiados intentos fallidos: espera lo que dice el mensaje.' }),
        },
      },
      config: signIn,
    },
    async (request, reply): Promise<LoginResponse> => {
      const { username, password } = request.body;
      const signed = await signInWithPassword(ctx, username, password, clientOf(request));
      setSessionCookie(ctx, reply, signed.token, signed.session.expiresAt);
      return { ...presentCurrentUser(signed.user), token: signed.token };
    },
  );

  // The web screens: the session travels only in the httpOnly cookie.
  app.post(
    '/api/auth/login-username',
    {
      schema: {
        operationId: 'signInWithCookie',
        summary: 'Iniciar sesión con la cookie de sesión',
        body: loginSchema,
        response: {
          200: currentUserSchema,
          ...refusals({ 429: 'Demasiados intentos fallidos: espera lo que dice el mensaje.' }),
        },
      },
      config: signIn,
    },
    async (request, reply): Promise<CurrentUser> => {
      const { username, password } = request.body;
      const signed = await signInWithPassword(ctx, username, password, clientOf(request));
      setSessionCookie(ctx, reply, signed.token, signed.session.expiresAt);
      return presentCurrentUser(signed.user);
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        operationId: 'signOut',
        summary: 'Cerrar la sesión',
        response: { 200: logoutResponseSchema },
      },
      // Signed out already, the answer is the same: the cookie is cleared and the way out given.
      config: {
        tokenScope: false,
        public: true,
        allowDuringPasswordChange: true,
        invalidates: 'people',
      },
    },
    async (request, reply): Promise<LogoutResponse> => {
      const way = ctx.config.publicSiteUrl ?? '/auth';
      let redirectTo = way;
      let atProvider = false;
      if (request.auth?.session) {
        // A single sign-on session also ends at the provider when it offers RP-initiated logout,
        // which then sends the browser on to where APPA's logout goes.
        const providerLogout = await providerLogoutUrl(
          ctx,
          request.auth.session.oidcIdToken,
          way.startsWith('/') ? `${ctx.config.publicUrl ?? ''}${way}` : way,
        );
        if (providerLogout) {
          redirectTo = providerLogout;
          atProvider = true;
        }
        await revokeSession(ctx, request.auth.session.id);
        await audit(ctx.db, {
          actorId: request.auth.user.id,
          action: 'auth.logout',
          entity: 'user',
          entityId: request.auth.user.id,
        });
      }
      clearSessionCookie(ctx, reply);
      return { message: MSG.loggedOut, redirectTo, atProvider };
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      schema: {
        operationId: 'changePassword',
        summary: 'Cambiar la contraseña propia',
        body: changePasswordSchema,
        response: { 200: changePasswordResponseSchema },
      },
      // The user's other sessions end (and their personal tokens, if they ask).
      config: { tokenScope: false, allowDuringPasswordChange: true, invalidates: 'people' },
    },
    async (request): Promise<ChangePasswordResponse> => {
      const { user, session } = requireSession(request);
      const changed = await changePassword(ctx, user, session, request.body, request.ip);
      return {
        message: changed.revokedTokens
          ? `${MSG.passwordChanged}. ${API_TOKEN_MSG.revokedWithPassword(changed.revokedTokens)}`
          : MSG.passwordChanged,
        user: presentCurrentUser(changed.user),
      };
    },
  );

  // Always the same answer, in the same time: whether the address has an account is never
  // revealed. The lookup and the e-mail happen after the answer.
  app.post(
    '/api/auth/magic-link',
    {
      schema: {
        operationId: 'requestMagicLink',
        summary: 'Pedir un enlace mágico por correo',
        body: magicLinkRequestSchema,
        response: {
          200: messageResponseSchema,
          ...refusals({
            429: 'Demasiados enlaces pedidos desde esta dirección o para este correo.',
          }),
        },
      },
      // A one-time link and a message: nothing a kept answer shows.
      config: { tokenScope: false, public: true, invalidates: false },
    },
    async (request): Promise<{ message: string }> => {
      const { email } = request.body;
      const now = await acceptMagicLinkRequest(ctx, request.ip);
      afterReply(request.log, 'magic-link', async () => {
        await sendMagicLink(ctx, email, request.ip, now);
        kickMail(ctx, request.log);
      });
      return { message: MSG.magicLinkSent };
    },
  );

  app.post(
    '/api/auth/verify-magic-link',
    {
      schema: {
        operationId: 'verifyMagicLink',
        summary: 'Iniciar sesión con un enlace mágico',
        body: verifyMagicLinkSchema,
        response: {
          200: currentUserSchema,
          ...refusals({ 429: 'Demasiados enlaces probados desde esta dirección.' }),
        },
      },
      config: signIn,
    },
    async (request, reply): Promise<CurrentUser> => {
      const { token } = request.body;
      const signed = await verifyMagicLink(ctx, token, clientOf(request));
      setSessionCookie(ctx, reply, signed.token, signed.session.expiresAt);
      return presentCurrentUser(signed.user);
    },
  );

  // The same answer whether or not the address has an account; nobody is signed in.
  app.post(
    '/api/register',
    {
      schema: {
        operationId: 'register',
        summary: 'Registrarse con un correo de un dominio permitido',
        body: registerSchema,
        response: {
          200: messageResponseSchema,
          ...refusals({
            409: 'El usuario ya existe.',
            429: 'Demasiados registros desde esta dirección.',
          }),
        },
      },
      // The account it may create is PENDIENTE, in no kept answer, and written after the answer.
      config: { tokenScope: false, public: true, invalidates: false, announces: ['user.created'] },
    },
    async (request): Promise<{ message: string }> => {
      if (request.auth) throw forbidden();
      await registerUser(ctx, request.body, request.ip, request.log);
      return { message: REGISTRATION_MSG.received };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        operationId: 'verifyEmail',
        summary: 'Confirmar el correo de un registro',
        body: verifyEmailSchema,
        response: {
          200: currentUserSchema,
          ...refusals({ 429: 'Demasiados códigos probados desde esta dirección.' }),
        },
      },
      // A new ACTIVO person: they are now expected to report.
      config: { ...signIn, invalidates: 'people' },
    },
    async (request, reply): Promise<CurrentUser> => {
      const signed = await verifyEmail(ctx, request.body, clientOf(request));
      setSessionCookie(ctx, reply, signed.token, signed.session.expiresAt);
      return presentCurrentUser(signed.user);
    },
  );
}

function clientOf(request: { ip: string; headers: { 'user-agent'?: string | undefined } }) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
