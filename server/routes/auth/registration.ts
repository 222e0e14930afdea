import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_VERIFICATION_HOURS, PRODUCT_NAME, THROTTLE } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import {
  REGISTRATION_MSG,
  type RegisterInput,
  type VerifyEmailInput,
} from '../../../common/schemas/registration';
import type { AppContext } from '../../context';
import { oneTimeTokens, users, type UserRow } from '../../db/schema';
import { afterReply } from '../../lib/after-reply';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { announce, announcing } from '../../events/announce';
import { audit } from '../../services/audit';
import { openSession, refuseLinkSignIn, type SignedIn } from '../../services/auth';
import { registrationNoticeEmail, verificationEmail } from '../../services/emails';
import { pageLink } from '../../services/mail-links';
import { enqueueMail, kickMail } from '../../services/mail-queue';
import { hashPassword, isCommonPassword, verifyPassword } from '../../services/passwords';
import { ssoOnlyActive, ssoOnlyRefusal } from '../../services/sso-only';
import { getSettings, savedMailFrom } from '../../services/settings';
import type { SessionContext } from '../../services/sessions';
import {
  clearAttempts,
  reserveAttempt,
  reserveSignIn,
  rule,
  signInSucceeded,
} from '../../services/throttle';
import { createUser, normaliseEmail } from '../../services/users';
import { deleteStaleRegistrations } from '../../domain/registrations';

const LINK_MS = EMAIL_VERIFICATION_HOURS * 3_600_000;

interface Registration {
  email: string;
  username: string;
  fullName: string;
  password: string;
}

/**
 * POST /api/register. The answer depends only on what was typed: registration closed for the
 * domain, a too common password or a user name in use are refused at once. Whether the address
 * already has an account is looked at after the answer, with the password hashing and the mail,
 * so that neither the answer nor its duration tells.
 */
export async function registerUser(
  ctx: AppContext,
  input: RegisterInput,
  ip: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const now = ctx.clock();
  await reserveAttempt(ctx.db, [rule(`registrations:${ip}`, THROTTLE.registrations)], now);
  const settings = await getSettings(ctx.db);
  if (ssoOnlyActive(ctx, settings)) throw ssoOnlyRefusal(ctx);
  const email = normaliseEmail(input.email);
  const domain = email.split('@')[1] ?? '';
  if (!settings.registrationEnabled || !settings.registrationDomains.includes(domain)) {
    await audit(ctx.db, {
      action: 'auth.register_refused',
      entity: 'user',
      meta: { reason: 'domain', domain, ip },
    });
    throw forbidden(MSG.registrationDisabled);
  }
  if (isCommonPassword(input.password)) throw badRequest(MSG.passwordTooCommon);

  const username = input.username.trim().toLowerCase();
  // A registration nobody confirmed in time holds neither this user name nor this address.
  await deleteStaleRegistrations(ctx.db, now, { username, email });
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  if (taken) throw conflict(REGISTRATION_MSG.usernameTaken);

  const registration = { email, username, fullName: input.fullName, password: input.password };
  afterReply(log, 'registration', async () => {
    await completeRegistration(ctx, log, registration, ip, now);
    kickMail(ctx, log);
  });
}

/** After the answer: a PENDIENTE account and its link, or a word to the address's owner. */
async function completeRegistration(
  ctx: AppContext,
  log: FastifyBaseLogger,
  registration: Registration,
  ip: string,
  now: Date,
): Promise<void> {
  const { email } = registration;
  // An older account whose user name is this address would answer sign-ins for it too.
  const [holder] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.email, email), eq(users.username, email)))
    .limit(1);
  if (holder) return addressTaken(ctx, holder, email, ip, now);

  const passwordHash = await hashPassword(registration.password);
  const token = newToken();
  let user: UserRow;
  try {
    user = await announcing(ctx, log, async (tx) => {
      const row = await createUser(tx, {
        email,
        fullName: registration.fullName,
        username: registration.username,
        passwordHash,
        mustChangePassword: false,
        status: 'PENDIENTE',
      });
      await tx.insert(oneTimeTokens).values({
        tokenHash: hashToken(token),
        userId: row.id,
        purpose: 'EMAIL_VERIFICATION',
        createdAt: now,
        expiresAt: new Date(now.getTime() + LINK_MS),
      });
      await announce(tx, {
        name: 'user.created',
        actor: row,
        user: row,
        via: 'registration',
        ip,
        at: now,
      });
      return row;
    });
  } catch (error) {
    // The address or the user name was taken since the answer: nothing is written.
    if (!isUniqueViolation(error)) throw error;
    await audit(ctx.db, {
      action: 'auth.register_refused',
      entity: 'user',
      meta: { reason: 'taken_meanwhile', ip },
    });
    return;
  }
  const message = await verificationEmail({
    nombre: user.fullName,
    username: user.username,
    enlace: pageLink(ctx.config, `/auth/verify-email?token=${encodeURIComponent(token)}`),
  });
  const from = await savedMailFrom(ctx.db);
  await enqueueMail(ctx.db, [{ ...message, from, to: user.email }], now);
}

/**
 * The address already has an account: nothing changes. Its owner (unless suspended) is told, at
 * most once per EMAIL_VERIFICATION_HOURS however many attempts are made.
 */
async function addressTaken(
  ctx: AppContext,
  holder: UserRow,
  email: string,
  ip: string,
  now: Date,
): Promise<void> {
  const owner = holder.email === email && holder.status !== 'SUSPENDIDO' ? holder : null;
  const [notice] = owner
    ? await ctx.db
        .update(users)
        .set({ registrationNoticeAt: now })
        .where(
          and(
            eq(users.id, owner.id),
            or(
              isNull(users.registrationNoticeAt),
              lt(users.registrationNoticeAt, new Date(now.getTime() - LINK_MS)),
            ),
          ),
        )
        .returning({ id: users.id })
    : [];
  await audit(ctx.db, {
    action: 'auth.register_refused',
    entity: 'user',
    entityId: holder.id,
    meta: { reason: 'email_taken', notified: Boolean(notice), ip },
  });
  if (!owner || !notice) return;

  const text =
    owner.status === 'PENDIENTE'
      ? [
          `Alguien intentó registrarse de nuevo en el ${PRODUCT_NAME} con este correo, que ya tiene un registro sin confirmar. No se cambió nada.`,
          '',
          `Si fuiste tú, abre el enlace del primer correo que te enviamos. Si lo perdiste, podrás registrarte de nuevo cuando venza, ${EMAIL_VERIFICATION_HOURS} horas después de tu registro. Si no fuiste tú, puedes ignorar este mensaje.`,
        ]
      : [
          `Alguien intentó crear una cuenta nueva en el ${PRODUCT_NAME} con este correo, que ya tiene una (usuario: ${owner.username}). No se cambió nada.`,
          '',
          `Si fuiste tú, ingresa en ${pageLink(ctx.config, '/auth')} con tu usuario y contraseña. Si no, puedes ignorar este mensaje.`,
        ];
  const message = await registrationNoticeEmail({ nombre: owner.fullName, lines: text });
  const from = await savedMailFrom(ctx.db);
  await enqueueMail(ctx.db, [{ ...message, from, to: owner.email }], now);
}

/**
 * POST /api/auth/verify-email: the e-mailed link plus the password chosen when registering. Both
 * are needed, so that neither someone who registered another person's address nor someone who
 * only reads the mailbox activates the account. A wrong password leaves the link usable and counts
 * like a failed sign-in; a right one spends the link (once, atomically), makes the account ACTIVO
 * and signs the person in.
 */
export async function verifyEmail(
  ctx: AppContext,
  { token, password }: VerifyEmailInput,
  client: SessionContext & { ip: string },
): Promise<SignedIn> {
  // A registration made before only single sign-on was required opens no password session now.
  if (ssoOnlyActive(ctx, await getSettings(ctx.db))) throw ssoOnlyRefusal(ctx);
  const now = ctx.clock();
  // Every link counts against this address's link attempts, so that links cannot be guessed; the
  // password against the account, like its sign-ins.
  const guesses = [rule(`link-guesses:${client.ip}`, THROTTLE.linkGuesses)];
  await reserveAttempt(ctx.db, guesses, now);
  const fail = (message: string, reason: string, user?: UserRow) =>
    refuseLinkSignIn(
      ctx,
      { ip: client.ip, method: 'email_verification', reason, userId: user?.id },
      message,
    );

  const [row] = await ctx.db
    .select({ link: oneTimeTokens, user: users })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, 'EMAIL_VERIFICATION'),
        isNull(oneTimeTokens.usedAt),
      ),
    )
    .limit(1);
  if (!row) throw await fail(REGISTRATION_MSG.linkInvalid, 'invalid_or_used');
  const { link, user } = row;
  if (link.expiresAt <= now) throw await fail(REGISTRATION_MSG.linkExpired, 'expired', user);

  const attempt = await reserveSignIn(ctx.db, user, client.ip, now);
  if (!(await verifyPassword(user.password, password)))
    throw await fail(REGISTRATION_MSG.wrongPassword, 'wrong_password', user);
  if (user.status === 'SUSPENDIDO') {
    await audit(ctx.db, {
      actorId: user.id,
      action: 'auth.login_refused',
      entity: 'user',
      entityId: user.id,
      meta: { method: 'email_verification', reason: 'suspended', ip: client.ip },
    });
    throw forbidden(MSG.userSuspended);
  }

  const confirmed = await ctx.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.id, link.id), isNull(oneTimeTokens.usedAt)))
      .returning({ id: oneTimeTokens.id });
    if (!spent) return null;
    // An administrator may have accepted the registration already (ACTIVO) or refused it since.
    const [active] = await tx
      .update(users)
      .set({ status: 'ACTIVO', updatedAt: now, statusChangedAt: now })
      .where(and(eq(users.id, user.id), ne(users.status, 'SUSPENDIDO')))
      .returning();
    if (!active) throw forbidden(MSG.userSuspended);
    return active;
  });
  if (!confirmed) throw await fail(REGISTRATION_MSG.linkInvalid, 'invalid_or_used', user);

  await clearAttempts(ctx.db, guesses);
  await signInSucceeded(ctx.db, attempt, now);
  await audit(ctx.db, {
    actorId: user.id,
    action: 'auth.email_verified',
    entity: 'user',
    entityId: user.id,
    meta: { ip: client.ip },
  });
  return openSession(ctx, confirmed, client, 'password');
}
