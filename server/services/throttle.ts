import { and, eq, gt, inArray, like, lt, notLike, or, sql, type SQL } from 'drizzle-orm';
import { KNOWN_ADDRESS_DAYS, THROTTLE } from '../../common/constants';
import { MSG } from '../../common/messages';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';
import { AppError } from '../lib/errors';

/**
 * Attempt limits shared by every instance, in the database. An attempt is reserved before it is
 * evaluated, in one statement per limit that takes the row's lock: however many requests arrive
 * together, each limit lets exactly its free attempts through, and the one that reaches the limit
 * already sets the wait that holds back the rest. A reserved attempt counts as a failure until a
 * success clears it.
 */
export interface ThrottleRule {
  key: string;
  free: number;
  windowMinutes: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

type Limit = (typeof THROTTLE)[keyof typeof THROTTLE];

export const rule = (key: string, limit: Limit): ThrottleRule => ({ key, ...limit });

/** A reserved sign-in attempt: an account (by id when it exists) from an address. */
export interface SignInAttempt {
  /** `user:<id>` for an existing account, `login:<typed>` for a name nobody has. */
  account: string;
  ip: string;
  /** When the account last signed in from this address, within KNOWN_ADDRESS_DAYS. */
  knownSince: Date | null;
}

/**
 * Reserves a sign-in attempt (or a check of someone's current password) for an account, or for a
 * typed name nobody has, from an address; throws the 429 when a limit holds it back. One
 * statement reads whether the address is the account's own and whether anything is held back,
 * then one per limit reserves. From the account's own address, the account-wide limit does not
 * apply: a stranger guessing from elsewhere cannot keep the owner out.
 */
export async function reserveSignIn(
  db: Db,
  who: { id: string } | string,
  ip: string,
  now: Date,
): Promise<SignInAttempt> {
  const account = typeof who === 'string' ? `login:${who.trim().toLowerCase()}` : `user:${who.id}`;
  const known = knownKey(account, ip);
  const pair = rule(`pair:${account}|${ip}`, THROTTLE.pair);
  const anywhere = rule(`account:${account}`, THROTTLE.account);
  const address = rule(`address:${ip}`, THROTTLE.address);
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [pair.key, anywhere.key, address.key, known]));
  const since = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const lastSignIn = rows.find((r) => r.key === known)?.windowStartedAt;
  const knownSince = lastSignIn && lastSignIn > since ? lastSignIn : null;
  const rules = knownSince ? [pair, address] : [pair, anywhere, address];
  const keys = rules.map((r) => r.key);
  refuseUntil(
    rows.filter((r) => keys.includes(r.key)).map((r) => r.blockedUntil),
    now,
  );
  await reserveChecked(db, rules, now);
  return { account, ip, knownSince };
}

const knownKey = (account: string, ip: string) => `known:${account}|${ip}`;

/** Reserves one attempt under every rule, or throws the 429 with the wait in `Retry-After`. */
export async function reserveAttempt(db: Db, rules: ThrottleRule[], now: Date): Promise<void> {
  await assertNotBlocked(db, rules, now);
  await reserveChecked(db, rules, now);
}

/** The reservations themselves, once nothing was found holding attempts back. */
async function reserveChecked(db: Db, rules: ThrottleRule[], now: Date) {
  for (const r of rules) {
    // Attempts are forgotten after a quiet window that starts when the last attempt's wait ends,
    // not at fixed times: whoever keeps trying as soon as they may never starts again from zero.
    const quietSince = new Date(now.getTime() - r.windowMinutes * 60_000);
    const fresh = sql`greatest(${loginThrottle.windowStartedAt}, ${loginThrottle.blockedUntil}) <= ${quietSince}`;
    const count = sql`(case when ${fresh} then 1 else ${loginThrottle.failures} + 1 end)`;
    const wait = (n: SQL) =>
      sql`case when ${n} >= ${r.free} then ${now}::timestamptz + make_interval(secs => least(${r.baseDelaySeconds} * power(2, least(${n} - ${r.free}, 20)), ${r.maxDelaySeconds})) end`;
    const [row] = await db
      .insert(loginThrottle)
      .values({
        key: r.key,
        failures: 1,
        windowStartedAt: now,
        blockedUntil: 1 >= r.free ? new Date(now.getTime() + r.baseDelaySeconds * 1000) : null,
      })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: count,
          windowStartedAt: now,
          blockedUntil: sql`${wait(count)}`,
        },
        // Another request reached the limit between the check and this statement.
        setWhere: sql`${loginThrottle.blockedUntil} is null or ${loginThrottle.blockedUntil} <= ${now}`,
      })
      .returning({ key: loginThrottle.key });
    if (!row) await assertNotBlocked(db, rules, now);
  }
}

/** Throws the 429 while any of these limits holds attempts back; counts nothing. */
export async function assertNotBlocked(db: Db, rules: ThrottleRule[], now: Date) {
  const rows = await db
    .select({ until: loginThrottle.blockedUntil })
    .from(loginThrottle)
    .where(
      and(
        inArray(
          loginThrottle.key,
          rules.map((r) => r.key),
        ),
        gt(loginThrottle.blockedUntil, now),
      ),
    );
  refuseUntil(
    rows.map((r) => r.until),
    now,
  );
}

/** The 429, with the wait in `Retry-After`, when any of these waits has not ended. */
function refuseUntil(waits: readonly (Date | null)[], now: Date) {
  const until = Math.max(0, ...waits.map((w) => w?.getTime() ?? 0));
  if (until <= now.getTime()) return;
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  throw new AppError(429, MSG.tooManyAttempts(Math.ceil(seconds / 60)), {
    'retry-after': String(seconds),
  });
}

/**
 * A successful sign-in clears the account's attempts from this address and from anywhere, gives
 * the address back the attempt it reserved (an office behind one address signs in all morning;
 * only its failures count) and remembers the address as the owner's.
 */
export async function signInSucceeded(db: Db, attempt: SignInAttempt, now: Date) {
  await db
    .delete(loginThrottle)
    .where(
      inArray(loginThrottle.key, [
        `pair:${attempt.account}|${attempt.ip}`,
        `account:${attempt.account}`,
      ]),
    );
  const left = sql`greatest(${loginThrottle.failures} - 1, 0)`;
  await db
    .update(loginThrottle)
    .set({
      failures: left,
      blockedUntil: sql`case when ${left} >= ${THROTTLE.address.free} then ${loginThrottle.blockedUntil} end`,
    })
    .where(inArray(loginThrottle.key, [`address:${attempt.ip}`]));
  // Remembering the address again the same day changes nothing worth a write.
  if (attempt.knownSince && now.getTime() - attempt.knownSince.getTime() < 86_400_000) return;
  await db
    .insert(loginThrottle)
    .values({ key: knownKey(attempt.account, attempt.ip), failures: 0, windowStartedAt: now })
    .onConflictDoUpdate({ target: loginThrottle.key, set: { windowStartedAt: now } });
}

/** Clears one rule's attempts (a success where the limit guards guessing, not volume). */
export async function clearAttempts(db: Db, rules: ThrottleRule[]) {
  await db.delete(loginThrottle).where(
    inArray(
      loginThrottle.key,
      rules.map((r) => r.key),
    ),
  );
}

/** The rows that hold these people back (everyone's when omitted), from anywhere or one address. */
function accountRows(userIds?: readonly string[]) {
  if (!userIds) {
    return or(like(loginThrottle.key, 'account:user:%'), like(loginThrottle.key, 'pair:user:%'));
  }
  return or(
    ...userIds.flatMap((id) => [
      eq(loginThrottle.key, `account:user:${id}`),
      like(loginThrottle.key, `pair:user:${id}|%`),
    ]),
  );
}

/** An administrator lets a person in again: every wait on their account, from every address. */
export async function clearAccountThrottle(db: Db, userId: string): Promise<number> {
  const removed = await db
    .delete(loginThrottle)
    .where(accountRows([userId]))
    .returning({ key: loginThrottle.key });
  return removed.length;
}

/**
 * Forgets what no limit needs any more: counts whose quiet window has passed (the longest window
 * of any limit) and addresses an account has not signed in from for KNOWN_ADDRESS_DAYS.
 */
export async function pruneThrottle(db: Db, now: Date): Promise<number> {
  const longestWindowMs = Math.max(...Object.values(THROTTLE).map((l) => l.windowMinutes)) * 60_000;
  const countsBefore = new Date(now.getTime() - longestWindowMs);
  const knownBefore = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const removed = await db
    .delete(loginThrottle)
    .where(
      or(
        and(like(loginThrottle.key, 'known:%'), lt(loginThrottle.windowStartedAt, knownBefore)),
        and(
          notLike(loginThrottle.key, 'known:%'),
          sql`greatest(${loginThrottle.windowStartedAt}, ${loginThrottle.blockedUntil}) < ${countsBefore}`,
        ),
      ),
    )
    .returning({ key: loginThrottle.key });
  return removed.length;
}

/** Who among these people (everyone when omitted) failed sign-ins hold back now. */
export async function signInBlockedPeople(
  db: Db,
  now: Date,
  userIds?: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(and(gt(loginThrottle.blockedUntil, now), accountRows(userIds)));
  return new Set(rows.map((r) => /^(?:account|pair):user:([^|]+)/.exec(r.key)?.[1] ?? ''));
}
