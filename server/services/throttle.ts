import { inArray, sql } from 'drizzle-orm';
import { LOGIN_THROTTLE } from '../../common/constants';
import { MSG } from '../../common/messages';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';
import { AppError } from '../lib/errors';

/**
 * Failed sign-ins are counted per account-and-address, per account and per address, in the
 * database so that every instance sees them. The account-and-address counter stops a guesser
 * quickly; the per-account counter is looser and its wait short, so a guesser from elsewhere
 * cannot lock the owner out for long; the per-address counter slows one address spraying many
 * accounts.
 */
interface Rule {
  key: string;
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

function rulesFor(username: string, ip: string): Rule[] {
  const account = username.trim().toLowerCase();
  const t = LOGIN_THROTTLE;
  return [
    {
      key: `pair:${account}|${ip}`,
      freeFailures: t.pairFreeFailures,
      baseDelaySeconds: t.pairBaseDelaySeconds,
      maxDelaySeconds: t.pairMaxDelaySeconds,
    },
    {
      key: `account:${account}`,
      freeFailures: t.accountFreeFailures,
      baseDelaySeconds: t.accountDelaySeconds,
      maxDelaySeconds: t.accountDelaySeconds,
    },
    {
      key: `address:${ip}`,
      freeFailures: t.addressFreeFailures,
      baseDelaySeconds: t.addressDelaySeconds,
      maxDelaySeconds: t.addressDelaySeconds,
    },
  ];
}

/** Throws a 429 with the wait in minutes when any counter of this attempt is blocked. */
export async function assertNotThrottled(db: Db, username: string, ip: string, now: Date) {
  const keys = rulesFor(username, ip).map((r) => r.key);
  const rows = await db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
  const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0));
  if (until > now.getTime()) {
    const seconds = Math.ceil((until - now.getTime()) / 1000);
    throw new AppError(429, MSG.tooManyAttempts(Math.ceil(seconds / 60)), {
      'retry-after': String(seconds),
    });
  }
}

export async function recordLoginFailure(db: Db, username: string, ip: string, now: Date) {
  const windowStart = new Date(now.getTime() - LOGIN_THROTTLE.windowMinutes * 60_000);
  for (const rule of rulesFor(username, ip)) {
    const [row] = await db
      .insert(loginThrottle)
      .values({ key: rule.key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then ${now} else ${loginThrottle.windowStartedAt} end`,
        },
      })
      .returning();
    if (!row || row.failures < rule.freeFailures) continue;
    const over = row.failures - rule.freeFailures;
    const delay = Math.min(rule.baseDelaySeconds * 2 ** Math.min(over, 20), rule.maxDelaySeconds);
    await db
      .update(loginThrottle)
      .set({ blockedUntil: new Date(now.getTime() + delay * 1000) })
      .where(inArray(loginThrottle.key, [rule.key]));
  }
}

/** A successful sign-in clears the counters of that account (not of the address). */
export async function clearLoginFailures(db: Db, username: string, ip: string) {
  const keys = rulesFor(username, ip)
    .filter((r) => !r.key.startsWith('address:'))
    .map((r) => r.key);
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}
