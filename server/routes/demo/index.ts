import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../../common/schemas/auth';
import type { AppContext } from '../../context';
import { setSessionCookie } from '../../plugins/auth';
import { presentCurrentUser } from '../../presenters/user';
import { revokeSession } from '../../services/sessions';
import { signInAsDemoAdmin } from './login';

const open = { config: { allowDuringPasswordChange: true } };

export function demoRoutes(app: FastifyInstance, ctx: AppContext) {
  // Demo mode only (login.ts beside this file). A session the browser already has is replaced: the
  // quick-access pages mean "show me the administrator's view", whoever was signed in before.
  app.post('/api/demo/login', open, async (request, reply): Promise<CurrentUser> => {
    const previous = request.auth ?? null;
    const signed = await signInAsDemoAdmin(
      ctx,
      { ip: request.ip, userAgent: request.headers['user-agent'] },
      previous?.user.id ?? null,
    );
    if (previous) await revokeSession(ctx.db, previous.session.id);
    setSessionCookie(ctx, reply, signed.token, signed.session.expiresAt);
    return presentCurrentUser(signed.user);
  });
}
