import { and, eq, isNull } from 'drizzle-orm';
import { MAGIC_LINK_MINUTES, THROTTLE } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import type { AppContext } from '../../context';
import { oneTimeTokens, users } from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { audit } from '../../services/audit';
import { openSession, refuseLinkSignIn, type SignedIn } from '../../services/auth';
import { ssoOnlyActive, ssoOnlyRefusal } from '../../services/sso-only';
import { savedMailFrom, getSettings } from '../../services/settings';
import type { SessionContext } from '../../services/sessions';
import { magicLinkEmail } from '../../services/emails';
import { pageLink } from '../../services/mail-links';
import { enqueueMail } from '../../services/mail-queue';
import { clearAttempts, reserveAttempt, rule } from '../../services/throttle';
import { normaliseEmail } from '../../services/users';

const WINDOW_MS = MAGIC_LINK_MINUTES * 60_000;

/** The full URL of the verification page for a token. */
function verifyLink(ctx: AppContext, token: string) {
  return pageLink(ctx.config, `/auth/verify?token=${encodeURIComponent(token)}`);
}

async function assertEnabled(ctx: AppContext) {
  const settings = await getSettings(ctx.db);
  if (ssoOnlyActive(ctx, settings)) throw ssoOnlyRefusal(ctx);
  if (!settings.magicLinksEnabled) throw forbidden(MSG.magicLinksDisabled);
}

function refusalReason(user: { status: string } | undefined) {
  if (!user) return 'unknown_email';
  return user.status === 'PENDIENTE' ? 'unconfirmed' : 'suspended';
}

/**
 * POST /api/auth/magic-link, the part the answer waits for: the same work whatever the address,
 * so that its duration does not tell who has an account. Each client address may ask for a
 * bounded number of links an hour (429 past it).
 */
export async function acceptMagicLinkRequest(ctx: AppContext, ip: string): Promise<Date> {
  await assertEnabled(ctx);
  const now = ctx.clock();
  await reserveAttempt(ctx.db, [rule(`links-from:${ip}`, THROTTLE.linksPerAddress)], now);
  return now;
}

/**
 * The rest, after the answer (lib/after-reply.ts): an active account gets a single-use link valid
 * MAGIC_LINK_MINUTES, queued (the caller sends it at once with kickMail); each e-mail address at
 * most THROTTLE.linksPerEmail.free an hour, counted atomically so that a burst sends no more;
 * anything else is recorded in the audit log and sends nothing.
 */
export async function sendMagicLink(ctx: AppContext, email: string, ip: string, now: Date) {
  const address = normaliseEmail(email);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, address)).limit(1);
  const refuse = (reason: string) =>
    audit(ctx.db, {
      actorId: user?.id ?? null,
      action: 'auth.magic_link_refused',
      entity: 'user',
      entityId: user?.id ?? null,
      meta: { reason, ip },
    });
  try {
    await reserveAttempt(ctx.db, [rule(`links-to:${address}`, THROTTLE.linksPerEmail)], now);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 429) throw error;
    return refuse('too_many');
  }
  if (!user || user.status !== 'ACTIVO') return refuse(refusalReason(user));

  const token = newToken();
  await ctx.db.insert(oneTimeTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: 'MAGIC_LINK',
    createdAt: now,
    expiresAt: new Date(now.getTime() + WINDOW_MS),
  });
  await audit(ctx.db, {
    actorId: user.id,
    action: 'auth.magic_link_sent',
    entity: 'user',
    entityId: user.id,
    meta: { ip },
  });
  const message = await magicLinkEmail({ nombre: user.fullName, enlace: verifyLink(ctx, token) });
  const from = await savedMailFrom(ctx.db);
  await enqueueMail(ctx.db, [{ ...message, from, to: user.email }], now);
}

/**
 * POST /api/auth/verify-magic-link: spends the token (once, atomically) and opens a session.
 */
export async function verifyMagicLink(
  ctx: AppContext,
  token: string,
  client: SessionContext & { ip: string },
): Promise<SignedIn> {
  await assertEnabled(ctx);
  const now = ctx.clock();
  // Failed tokens count against the address, so that tokens cannot be guessed.
  const guesses = [rule(`link-guesses:${client.ip}`, THROTTLE.linkGuesses)];
  await reserveAttempt(ctx.db, guesses, now);

  const fail = (message: string, reason: string, userId: string | null = null) =>
    refuseLinkSignIn(ctx, { ip: client.ip, method: 'magic_link', reason, userId }, message);

  const [spent] = await ctx.db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, 'MAGIC_LINK'),
        isNull(oneTimeTokens.usedAt),
      ),
    )
    .returning();
  if (!spent) throw await fail(MSG.magicLinkInvalid, 'invalid_or_used');
  if (spent.expiresAt <= now) throw await fail(MSG.magicLinkExpired, 'expired', spent.userId);

  const [user] = await ctx.db.select().from(users).where(eq(users.id, spent.userId)).limit(1);
  if (!user) throw await fail(MSG.magicLinkInvalid, 'unknown_user');
  if (user.status !== 'ACTIVO') {
    await audit(ctx.db, {
      actorId: user.id,
      action: 'auth.login_refused',
      entity: 'user',
      entityId: user.id,
      meta: { method: 'magic_link', reason: 'suspended', ip: client.ip },
    });
    throw new AppError(403, MSG.userSuspended);
  }
  await clearAttempts(ctx.db, guesses);
  return openSession(ctx, user, client, 'magic_link');
}
