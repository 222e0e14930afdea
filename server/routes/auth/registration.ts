import { eq, or } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import type { RegisterInput } from '../../../common/schemas/auth';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { conflict, forbidden } from '../../lib/errors';
import { audit } from '../../services/audit';
import { isCommonPassword } from '../../services/passwords';
import { badRequest } from '../../lib/errors';
import { getSettings } from '../../services/settings';
import { createSession, type SessionContext } from '../../services/sessions';
import { createUser, normaliseEmail } from '../../services/users';
import type { SignedIn } from '../../services/auth';

/** Self-registration: only when enabled, and only for the e-mail domains an administrator listed. */
export async function registerUser(
  ctx: AppContext,
  input: RegisterInput,
  client: SessionContext & { ip: string },
): Promise<SignedIn> {
  const settings = await getSettings(ctx.db);
  const email = normaliseEmail(input.email);
  const domain = email.split('@')[1] ?? '';
  if (!settings.registrationEnabled || !settings.registrationDomains.includes(domain)) {
    await audit(ctx.db, {
      action: 'auth.register_refused',
      entity: 'user',
      meta: { domain, ip: client.ip },
    });
    throw forbidden(MSG.registrationDisabled);
  }
  if (isCommonPassword(input.password)) throw badRequest(MSG.passwordTooCommon);
  const username = input.username.trim().toLowerCase();
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.email, email), eq(users.username, username)))
    .limit(1);
  if (taken) throw conflict('Ya existe una cuenta con ese correo o usuario');

  const user = await createUser(ctx.db, {
    email,
    fullName: input.fullName,
    username,
    password: input.password,
    mustChangePassword: false,
  });
  const now = ctx.clock();
  const { token, session } = await createSession(
    ctx.db,
    user.id,
    now,
    settings.sessionHours,
    client,
  );
  await audit(ctx.db, {
    actorId: user.id,
    action: 'auth.register',
    entity: 'user',
    entityId: user.id,
    meta: { ip: client.ip },
  });
  return { user, token, session };
}
