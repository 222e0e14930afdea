import { and, eq, gt, isNull, notExists, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oneTimeTokens, users } from '../db/schema';

/**
 * PENDIENTE accounts whose confirmation link can no longer be used (expired, or removed by the
 * clean-up): nobody can confirm them, so the address and user name they hold are free again.
 */
function unconfirmable(db: Db, now: Date) {
  return and(
    eq(users.status, 'PENDIENTE'),
    notExists(
      db
        .select({ id: oneTimeTokens.id })
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.userId, users.id),
            eq(oneTimeTokens.purpose, 'EMAIL_VERIFICATION'),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, now),
          ),
        ),
    ),
  );
}

/**
 * Removes the registrations nobody confirmed in time (only those holding this user name or
 * address, when given); answers how many.
 */
export async function deleteStaleRegistrations(
  db: Db,
  now: Date,
  holding?: { username: string; email: string },
): Promise<number> {
  const scope = holding
    ? or(eq(users.username, holding.username), eq(users.email, holding.email))
    : undefined;
  const gone = await db
    .delete(users)
    .where(and(unconfirmable(db, now), scope))
    .returning({ id: users.id });
  return gone.length;
}
