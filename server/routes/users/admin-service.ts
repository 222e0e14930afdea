import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type {
  AdminUser,
  CreatedUser,
  PasswordReset,
  UserWithCount,
} from '../../../common/schemas/users';
import {
  USER_MSG,
  type updateUserSchema,
  type createUserSchema,
} from '../../../common/schemas/users';
import type { z } from 'zod';
import type { SettableUserStatus } from '../../../common/roles';
import type { AppContext } from '../../context';
import { apiTokens, appaSubmissions, users, type UserRow } from '../../db/schema';
import { isAbove } from '../../domain/hierarchy';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { mayGiveRole } from '../../policies/user';
import { presentAdminUser, presentUser } from '../../presenters/user';
import { revokePersonalTokens } from '../../services/api-tokens';
import { announce, announcing } from '../../events/announce';
import { audit } from '../../services/audit';
import { credentialsEmail } from '../../services/emails';
import { personalLink } from '../../services/mail-links';
import { enqueueMail } from '../../services/mail-queue';
import { generateTemporaryPassword, hashPassword } from '../../services/passwords';
import { revokeUserSessions } from '../../services/sessions';
import { clearAccountThrottle, signInBlockedPeople } from '../../services/throttle';
import { savedMailFrom } from '../../services/settings';
import { createUser } from '../../services/users';
import { spanishOrder } from '../../db/spanish-order';

type CreateUser = z.output<typeof createUserSchema>;
type UpdateUser = z.output<typeof updateUserSchema>;

export async function listUsers(ctx: AppContext, viewer: Actor): Promise<AdminUser[]> {
  const rows = await ctx.db
    .select()
    .from(users)
    .orderBy(...spanishOrder(users.fullName), asc(users.id));
  return presentAdminUsers(ctx, viewer, rows);
}

/** People as the administrator's lists show them, with whether failed sign-ins hold them back. */
async function presentAdminUsers(
  ctx: AppContext,
  viewer: Actor,
  rows: readonly UserRow[],
): Promise<AdminUser[]> {
  const blocked = await signInBlockedPeople(ctx.db, ctx.clock());
  return rows.map((row) => presentAdminUser(viewer, row, { signInBlocked: blocked.has(row.id) }));
}

/** One person, as the table shows them: the answer to a change keeps the unblock button. */
async function presentAdminUserNow(ctx: AppContext, viewer: Actor, row: UserRow) {
  const blocked = await signInBlockedPeople(ctx.db, ctx.clock(), [row.id]);
  return presentAdminUser(viewer, row, { signInBlocked: blocked.has(row.id) });
}

export async function listUsersWithCounts(
  ctx: AppContext,
  viewer: Actor,
): Promise<UserWithCount[]> {
  const sent = ctx.db
    .select({ userId: appaSubmissions.userId, n: count().as('n') })
    .from(appaSubmissions)
    .where(eq(appaSubmissions.status, 'ENVIADO'))
    .groupBy(appaSubmissions.userId)
    .as('sent');
  const rows = await ctx.db
    .select({ user: users, n: sent.n })
    .from(users)
    .leftJoin(sent, eq(sent.userId, users.id))
    .orderBy(...spanishOrder(users.fullName), asc(users.id));
  const presented = await presentAdminUsers(
    ctx,
    viewer,
    rows.map((r) => r.user),
  );
  return presented.map((user, i) => ({ ...user, submissionCount: Number(rows[i]?.n ?? 0) }));
}

export async function loadUser(ctx: AppContext, id: string): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(USER_MSG.userNotFound);
  return row;
}

/** The person, and whether anyone is placed under them (they read those people's reports). */
export async function loadUserWithTeam(
  ctx: AppContext,
  id: string,
): Promise<UserRow & { leadsAnyone: boolean }> {
  const user = await loadUser(ctx, id);
  const [below] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.managerId, id))
    .limit(1);
  return { ...user, leadsAnyone: below !== undefined };
}

async function assertEmailFree(ctx: AppContext, email: string, exceptId?: string) {
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
    .limit(1);
  if (taken) throw conflict(USER_MSG.emailTaken);
}

/** The manager must exist, and `userId` must not be above them in the chain (no loops). */
async function assertValidManager(ctx: AppContext, managerId: string | null, userId?: string) {
  if (managerId === null) return;
  if (managerId === userId) throw badRequest(USER_MSG.managerSelf);
  const [manager] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, managerId))
    .limit(1);
  if (!manager) throw badRequest(USER_MSG.managerNotFound);
  if (userId && (await isAbove(ctx, userId, managerId))) throw badRequest(USER_MSG.managerLoop);
}

/**
 * Queues the e-mail with the personal link and a temporary password: a mail server that is down
 * only delays it (mail-queue.ts), and the route sends it right after answering (kickMail).
 */
export async function sendCredentials(
  ctx: AppContext,
  user: UserRow,
  password: string,
  reset: boolean,
  /** The saved sender, when the caller sends many and has read it once. */
  sender: { from: string | undefined } | null = null,
) {
  const email = await credentialsEmail({
    nombre: user.fullName,
    enlace: personalLink(ctx.config, user.slug),
    username: user.username,
    password,
    reset,
  });
  const from = sender ? sender.from : await savedMailFrom(ctx.db);
  await enqueueMail(ctx.db, [{ ...email, from, to: user.email }], ctx.clock());
}

export async function adminCreateUser(
  ctx: AppContext,
  log: FastifyBaseLogger,
  actor: UserRow,
  input: CreateUser,
): Promise<CreatedUser> {
  await assertEmailFree(ctx, input.email);
  await assertValidManager(ctx, input.managerId);
  const temporaryPassword = generateTemporaryPassword();
  const now = ctx.clock();
  const user = await announcing(ctx, log, async (tx) => {
    const row = await createUser(tx, {
      ...input,
      password: temporaryPassword,
      mustChangePassword: true,
      createdAt: now,
    });
    await announce(tx, { name: 'user.created', actor, user: row, via: 'admin', at: now });
    return row;
  });
  await sendCredentials(ctx, user, temporaryPassword, false);
  return { user: presentUser(user), temporaryPassword };
}

export async function adminUpdateUser(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: UpdateUser,
): Promise<AdminUser> {
  const user = await loadUser(ctx, id);
  if (input.email !== undefined) await assertEmailFree(ctx, input.email, id);
  if (input.managerId !== undefined) await assertValidManager(ctx, input.managerId, id);
  if (input.role && !mayGiveRole(actor, id, input.role)) {
    throw badRequest(USER_MSG.cannotDemoteSelf);
  }
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const [updated] = await ctx.db
    .update(users)
    .set({ ...changes, updatedAt: ctx.clock() })
    .where(eq(users.id, id))
    .returning();
  if (!updated) throw notFound(USER_MSG.userNotFound);
  const changed = Object.fromEntries(
    Object.keys(changes).map((key) => [
      key,
      { from: user[key as keyof UserRow] ?? null, to: updated[key as keyof UserRow] ?? null },
    ]),
  );
  await audit(ctx.db, {
    actorId: actor.id,
    action: 'user.updated',
    entity: 'user',
    entityId: id,
    meta: { changed },
  });
  return presentAdminUserNow(ctx, actor, updated);
}

export async function adminSetStatus(
  ctx: AppContext,
  log: FastifyBaseLogger,
  actor: UserRow,
  id: string,
  status: SettableUserStatus,
) {
  if (actor.id === id && status === 'SUSPENDIDO') throw badRequest(USER_MSG.cannotSuspendSelf);
  const now = ctx.clock();
  const updated = await announcing(ctx, log, async (tx) => {
    const [before] = await tx
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, id))
      .for('update')
      .limit(1);
    const [row] = await tx
      .update(users)
      .set({ status, updatedAt: now, statusChangedAt: now })
      .where(eq(users.id, id))
      .returning();
    if (!before || !row) throw notFound(USER_MSG.userNotFound);
    const suspended = status === 'SUSPENDIDO' && before.status !== 'SUSPENDIDO';
    await announce(tx, {
      name: 'user.status_changed',
      actor,
      userId: id,
      status,
      suspended,
      at: now,
    });
    return row;
  });
  // A suspended user is signed out everywhere at once, and their scripts with them: reactivating
  // them brings back no personal token.
  if (status === 'SUSPENDIDO') {
    await revokeUserSessions(ctx, id);
    await revokePersonalTokens(ctx, eq(apiTokens.userId, id), 'suspended', actor.id);
  }
  return {
    message: status === 'ACTIVO' ? USER_MSG.userActivated : USER_MSG.userSuspended,
    user: await presentAdminUserNow(ctx, actor, updated),
  };
}

export async function adminResetPassword(
  ctx: AppContext,
  actor: UserRow,
  id: string,
): Promise<PasswordReset> {
  const temporaryPassword = generateTemporaryPassword();
  const [updated] = await ctx.db
    .update(users)
    .set({
      password: await hashPassword(temporaryPassword),
      mustChangePassword: true,
      updatedAt: ctx.clock(),
    })
    .where(eq(users.id, id))
    .returning();
  if (!updated) throw notFound(USER_MSG.userNotFound);
  await revokeUserSessions(ctx, id);
  // Whoever had the old password could have made tokens with it.
  await revokePersonalTokens(ctx, eq(apiTokens.userId, id), 'password_reset', actor.id);
  // A new password is a fresh start: earlier failed attempts no longer hold the person back.
  await clearAccountThrottle(ctx.db, id);
  await audit(ctx.db, {
    actorId: actor.id,
    action: 'user.password_reset',
    entity: 'user',
    entityId: id,
  });
  await sendCredentials(ctx, updated, temporaryPassword, true);
  return {
    message: 'Contraseña temporal generada. Se pedirá cambiarla al ingresar.',
    temporaryPassword,
  };
}

/** Lets a person held back by failed sign-ins try again at once, from every address. */
export async function adminUnblockSignIn(
  ctx: AppContext,
  actor: UserRow,
  id: string,
): Promise<{ message: string }> {
  const user = await loadUser(ctx, id);
  const cleared = await clearAccountThrottle(ctx.db, user.id);
  await audit(ctx.db, {
    actorId: actor.id,
    action: 'user.sign_in_unblocked',
    entity: 'user',
    entityId: user.id,
    meta: { cleared },
  });
  return { message: USER_MSG.signInUnblocked(user.fullName) };
}
