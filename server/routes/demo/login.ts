import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEMO_MSG } from '../../../common/schemas/demo';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../../services/audit';
import { openSession, type SignedIn } from '../../services/auth';
import { demoSignInRefusal, type DemoSignInRefusal } from '../../services/demo';
import type { SessionContext } from '../../services/sessions';

/**
 * The quick-access pages (/admin-direct, /quick-admin) on a demo database: a session for the demo
 * administrator, without any password. The demo administrator is the first administrator the
 * bootstrap created (services/bootstrap.ts), that is the oldest active ADMIN account. Wherever
 * demo sign-in is not allowed (services/demo.ts) nothing happens: a 404 as if the route did not
 * exist, and no session.
 */
export async function signInAsDemoAdmin(
  ctx: AppContext,
  request: FastifyRequest,
  client: SessionContext & { ip: string },
  replacedUserId: string | null,
): Promise<SignedIn> {
  const refusal = await demoSignInRefusal(ctx.config, ctx.db, request);
  if (refusal) throw await refuse(ctx, replacedUserId, client.ip, refusal, DEMO_MSG.unavailable);
  const [admin] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVO')))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  if (!admin) {
    throw await refuse(ctx, replacedUserId, client.ip, 'no_admin', DEMO_MSG.noAdmin);
  }
  // `openSession` writes the `auth.login` row with method 'demo'.
  return openSession(ctx, admin, client, 'demo');
}

/** Audits a refused quick access and answers the 404 to throw. */
async function refuse(
  ctx: AppContext,
  actorId: string | null,
  ip: string,
  reason: DemoSignInRefusal | 'no_admin',
  message: string,
): Promise<AppError> {
  await audit(ctx.db, {
    actorId,
    action: 'auth.demo_login_refused',
    entity: 'user',
    meta: { reason, ip },
  });
  return new AppError(404, message);
}
