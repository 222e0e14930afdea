import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import { SESSION_IDLE_HOURS } from '../../common/constants';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { sessions, users, type SessionRow, type UserRow } from '../db/schema';
import { DATA_CHANNEL, encodeDataMessage, type Revoked } from '../lib/data-channel';
import { hashToken, newToken } from '../lib/tokens';

const HOUR_MS = 3_600_000;
/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionContext {
  ip?: string | undefined;
  userAgent?: string | undefined;
  method?: SessionRow['method'];
  /** A single sign-on's ID token, for the provider's logout. */
  oidcIdToken?: string | undefined;
}

export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  sessionHours: number,
  context: SessionContext = {},
): Promise<{ token: string; session: SessionRow }> {
  const token = newToken();
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + sessionHours * HOUR_MS),
      ip: context.ip ?? null,
      userAgent: context.userAgent?.slice(0, 300) ?? null,
      method: context.method ?? 'password',
      oidcIdToken: context.oidcIdToken ?? null,
    })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  return { token, session };
}

/**
 * The live session and active user behind a token, or null. A session past its absolute or
 * idle expiry, or of a suspended user, is deleted on sight.
 */
/** Neither past its absolute nor its idle expiry, and its user active. */
export function isLive(row: { session: SessionRow; user: UserRow }, now: Date): boolean {
  const idleDeadline = row.session.lastSeenAt.getTime() + SESSION_IDLE_HOURS * HOUR_MS;
  return (
    row.session.expiresAt.getTime() > now.getTime() &&
    idleDeadline > now.getTime() &&
    row.user.status === 'ACTIVO'
  );
}

export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  if (!isLive(row, now)) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    row.session.lastSeenAt = now;
  }
  return row;
}

/**
 * Tells every instance, this one included, that sessions ended: each forgets the sessions it keeps
 * and closes their live streams (plugins/read-cache.ts) instead of honouring them until its cache
 * forgets them. The revoking request answers only once this process has heard it; the others hear
 * it as fast as PostgreSQL tells them.
 */
async function announceRevoked(ctx: AppContext, revoked: Revoked) {
  const message = encodeDataMessage({ kind: 'revoked', revoked });
  await ctx.db.execute(sql`select pg_notify(${DATA_CHANNEL}, ${message})`);
  await ctx.database.caughtUp();
}

/** Ends one session, on every instance. */
export async function revokeSession(ctx: AppContext, sessionId: string) {
  await ctx.db.delete(sessions).where(eq(sessions.id, sessionId));
  await announceRevoked(ctx, { sessionId });
}

/**
 * Ends every session of the user but `keepSessionId` (all of them when it is omitted), on every
 * instance.
 */
export async function revokeUserSessions(ctx: AppContext, userId: string, keepSessionId?: string) {
  await ctx.db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
  await announceRevoked(ctx, keepSessionId ? { userId, keepSessionId } : { userId });
}

export async function deleteExpiredSessions(db: Db, now: Date) {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_HOURS * HOUR_MS)),
      ),
    );
}
