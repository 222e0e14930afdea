import { currentUserSchema, type CurrentUser } from '../../../common/schemas/auth';
import type { AppContext } from '../../context';
import { setSessionCookie } from '../../plugins/auth';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { presentCurrentUser } from '../../presenters/user';
import { revokeSession } from '../../services/sessions';
import { signInAsDemoAdmin } from './login';

export function demoRoutes(app: Api, ctx: AppContext) {
  // A demo database on this machine only (login.ts beside this file). A session the browser already has is replaced: the
  // quick-access pages mean "show me the administrator's view", whoever was signed in before.
  app.post(
    '/api/demo/login',
    {
      schema: {
        operationId: 'signInToDemo',
        summary: 'Entrar en la demostración sin contraseña',
        response: {
          200: currentUserSchema,
          ...refusals({ 404: 'No hay demostración aquí (o no se llega desde esta dirección).' }),
        },
      },
      config: {
        tokenScope: false,
        public: true,
        allowDuringPasswordChange: true,
        // A sign-in: a new session, which no kept answer shows.
        invalidates: false,
      },
    },
    async (request, reply): Promise<CurrentUser> => {
      const previous = request.auth ?? null;
      const signed = await signInAsDemoAdmin(
        ctx,
        request,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        previous?.user.id ?? null,
      );
      if (previous?.session) await revokeSession(ctx, previous.session.id);
      setSessionCookie(ctx, reply, signed.token, signed.session.expiresAt);
      return presentCurrentUser(signed.user, signed.session);
    },
  );
}
