import { eq } from 'drizzle-orm';
import { MSG } from '../../common/messages';
import { REGISTRATION_MSG } from '../../common/schemas/registration';
import type { AppContext } from '../context';
import { apiTokens, users, type SessionRow, type UserRow } from '../db/schema';
import { AppError, badRequest, forbidden, unauthorized } from '../lib/errors';
import { revokePersonalTokens } from './api-tokens';
import { audit } from './audit';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { ssoOnlyHolds, ssoOnlyRefusal } from './sso-only';
import { getSettings } from './settings';
import { createSession, revokeUserSessions, type SessionContext } from './sessions';
import { reserveSignIn, signInSucceeded, type SignInAttempt } from './throttle';
import { findUserByLogin } from './users';

export interface SignedIn {
  user: UserRow;
  token: string;
  session: SessionRow;
}

/**
 * Checks a user name (or e-mail) and password, throttling failures, and opens a new session.
 * Every outcome is audited, without the password.
 */
export async function signInWithPassword(
  ctx: AppContext,
  login: string,
  password: string,
  client: SessionContext & { ip: string },
): Promise<SignedIn> {
  const now = ctx.clock();
  const username = login.trim().toLowerCase();
  const user = await findUserByLogin(ctx.db, username);
  // The attempt is counted before the password is checked, so that a burst of guesses gets no
  // more checks than the limits allow; a success clears it.
  let attempt: SignInAttempt;
  try {
    attempt = await reserveSignIn(ctx.db, user ?? username, client.ip, now);
  } catch (error) {
    await audit(ctx.db, {
      actorId: user?.id ?? null,
      action: 'auth.login_failed',
      entity: 'user',
      entityId: user?.id ?? null,
      meta: { reason: 'throttled', ip: client.ip },
    });
    throw error;
  }

  // Verify against a dummy hash when the account is unknown, so timing does not reveal it.
  const valid = await verifyPassword(user?.password ?? (await dummyPasswordHash()), password);
  if (user?.status === 'PENDIENTE') {
    // Registered, address not confirmed yet. Only the right password learns it; a wrong one is
    // answered like any other below.
    if (valid) {
      await auditRefused(ctx, user.id, 'unconfirmed', client.ip);
      throw forbidden(REGISTRATION_MSG.notConfirmed);
    }
  } else if (user && user.status !== 'ACTIVO') {
    // The same answer whatever the password: a different one for the right password would
    // confirm it to whoever is guessing. The attempt stays counted either way.
    await auditRefused(ctx, user.id, 'suspended', client.ip);
    throw forbidden(MSG.userSuspended);
  }
  if (!user || !valid || !user.password) {
    await audit(ctx.db, {
      actorId: user?.id ?? null,
      action: 'auth.login_failed',
      entity: 'user',
      entityId: user?.id ?? null,
      // What was typed is kept only as the account it names: a password typed in the user
      // field by mistake must not end up in the audit log.
      meta: { reason: user ? 'wrong_password' : 'unknown_user', ip: client.ip },
    });
    throw unauthorized(MSG.invalidCredentials);
  }

  // Told only to whoever typed the right password.
  if (ssoOnlyHolds(ctx, await getSettings(ctx.db), user)) {
    await auditRefused(ctx, user.id, 'sso_only', client.ip);
    throw ssoOnlyRefusal(ctx);
  }

  await signInSucceeded(ctx.db, attempt, now);
  return openSession(ctx, user, client, 'password');
}

/** A sign-in by someone who proved who they are but may not enter, in the audit log. */
function auditRefused(ctx: AppContext, userId: string, reason: string, ip: string) {
  return audit(ctx.db, {
    actorId: userId,
    action: 'auth.login_refused',
    entity: 'user',
    entityId: userId,
    meta: { reason, ip },
  });
}

/**
 * A sign-in link refused (unknown, used, expired, or the wrong password beside it): counted against
 * `account` like a failed sign-in, so that links cannot be guessed, and audited. Answers the 400
 * to throw.
 */
export async function refuseLinkSignIn(
  ctx: AppContext,
  attempt: {
    ip: string;
    method: 'magic_link' | 'email_verification';
    reason: string;
    userId?: string | null;
  },
  message: string,
): Promise<AppError> {
  await audit(ctx.db, {
    actorId: attempt.userId ?? null,
    action: 'auth.login_failed',
    entity: 'user',
    entityId: attempt.userId ?? null,
    meta: { method: attempt.method, reason: attempt.reason, ip: attempt.ip },
  });
  return badRequest(message);
}

/** A new session for an active user who proved who they are; records the sign-in. */
export async function openSession(
  ctx: AppContext,
  user: UserRow,
  client: SessionContext & { ip: string },
  method: 'password' | 'magic_link' | 'demo' | 'oidc',
): Promise<SignedIn> {
  const now = ctx.clock();
  const { sessionHours } = await getSettings(ctx.db);
  const { token, session } = await createSession(ctx.db, user.id, now, sessionHours, {
    ...client,
    method,
  });
  const [updated] = await ctx.db
    .update(users)
    .set({ lastLoginAt: now })
    .where(eq(users.id, user.id))
    .returning();
  await audit(ctx.db, {
    actorId: user.id,
    action: 'auth.login',
    entity: 'user',
    entityId: user.id,
    meta: { method, ip: client.ip },
  });
  return { user: updated ?? user, token, session };
}

/**
 * Changes the signed-in user's password, clears the forced change and ends their other sessions
 * and, if they ask, their personal API tokens. Answers the user and how many tokens were revoked.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  session: SessionRow,
  change: { currentPassword: string; newPassword: string; revokeTokens: boolean },
  ip: string,
): Promise<{ user: UserRow; revokedTokens: number }> {
  const { currentPassword, newPassword } = change;
  const now = ctx.clock();
  // Counted before the check, as at sign-in: a stolen session cannot try passwords in bulk.
  const attempt = await reserveSignIn(ctx.db, user, ip, now);
  if (!(await verifyPassword(user.password, currentPassword))) {
    await audit(ctx.db, {
      actorId: user.id,
      action: 'auth.password_change_failed',
      entity: 'user',
      entityId: user.id,
      meta: { reason: 'wrong_current_password', ip },
    });
    throw badRequest(MSG.currentPasswordWrong);
  }
  await signInSucceeded(ctx.db, attempt, now);
  if (currentPassword === newPassword) throw badRequest(MSG.passwordSameAsCurrent);
  if (isCommonPassword(newPassword)) throw badRequest(MSG.passwordTooCommon);

  const [updated] = await ctx.db
    .update(users)
    .set({ password: await hashPassword(newPassword), mustChangePassword: false, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw new AppError(404, MSG.userNotFound);
  await revokeUserSessions(ctx, user.id, session.id);
  const revokedTokens = change.revokeTokens
    ? await revokePersonalTokens(ctx, eq(apiTokens.userId, user.id), 'password_changed', user.id)
    : 0;
  await audit(ctx.db, {
    actorId: user.id,
    action: 'auth.password_changed',
    entity: 'user',
    entityId: user.id,
    meta: { forced: user.mustChangePassword, ip, revokedTokens },
  });
  return { user: updated, revokedTokens };
}
