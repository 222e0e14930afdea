import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { THROTTLE } from '../../common/constants';
import type { SsoFailure } from '../../common/schemas/sso';
import { userEmailSchema } from '../../common/schemas/users';
import {
  authorizationUrl,
  clientFor,
  endSessionUrl,
  errorName,
  exchangeCode,
  newAttemptSecrets,
  providerFailure,
  type Identity,
  type OidcClient,
} from '../adapters/oidc-client';
import type { OidcConfig } from '../config';
import type { AppContext } from '../context';
import { oidcLogins, users, type UserRow } from '../db/schema';
import { isUniqueViolation } from '../lib/db-errors';
import { AppError } from '../lib/errors';
import { hashToken, newToken } from '../lib/tokens';
import { announce, announcing } from '../events/announce';
import { audit } from './audit';
import { openSession, type SignedIn } from './auth';
import { getSettings } from './settings';
import type { SessionContext } from './sessions';
import { clearAttempts, reserveAttempt, rule } from './throttle';
import { createUser } from './users';

/** How long a started sign-in may take at the provider before it must start again. */
export const OIDC_LOGIN_MINUTES = 10;

/**
 * A single sign-on that ends without a session: `code` is what the person reads on /auth,
 * `reason` what the audit log keeps (never the provider's own message).
 */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoFailure,
    readonly reason: string,
    readonly userId: string | null = null,
  ) {
    super(reason);
  }
}

function requireOidc(ctx: AppContext): OidcConfig {
  const { oidc: config } = ctx.config;
  if (!config) throw new AppError(404, 'El inicio de sesión único no está configurado.');
  return config;
}

/**
 * Starts a sign-in: `state`, `nonce` and the PKCE verifier are kept in the database, found by the
 * SHA-256 of `browser`, a random value the caller puts in a short-lived cookie. Answers the
 * provider's authorization address.
 */
export async function startOidcSignIn(
  ctx: AppContext,
  ip: string,
): Promise<{ url: string; browser: string; expiresAt: Date }> {
  const config = requireOidc(ctx);
  const now = ctx.clock();
  await reserveAttempt(ctx.db, [rule(`sso-starts:${ip}`, THROTTLE.ssoStarts)], now);
  let client: OidcClient;
  try {
    client = await clientFor(config, ctx.clock());
  } catch (error) {
    throw new SsoRefusal('unavailable', `discovery: ${errorName(error)}`);
  }
  const browser = newToken();
  const secrets = newAttemptSecrets();
  const expiresAt = new Date(now.getTime() + OIDC_LOGIN_MINUTES * 60_000);
  await ctx.db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
  await ctx.db
    .insert(oidcLogins)
    .values({ browserHash: hashToken(browser), ...secrets, expiresAt });
  const url = await authorizationUrl(client, config, secrets);
  return { url: url.href, browser, expiresAt };
}

/**
 * The provider's redirect back: the attempt `browser` started is spent (one use), the code is
 * exchanged and the ID token validated by the library against the kept state, nonce and verifier.
 * Throws a SsoRefusal for anything that does not end in an identity.
 */
async function redeem(
  ctx: AppContext,
  config: OidcConfig,
  browser: string | undefined,
  query: string,
): Promise<Identity> {
  const now = ctx.clock();
  const [attempt] = browser
    ? await ctx.db
        .delete(oidcLogins)
        .where(eq(oidcLogins.browserHash, hashToken(browser)))
        .returning()
    : [];
  if (!attempt || attempt.expiresAt <= now) throw new SsoRefusal('expired', 'no_attempt');

  const currentUrl = new URL(config.redirectUri);
  currentUrl.search = query;
  try {
    const identity = await exchangeCode(await clientFor(config, ctx.clock()), currentUrl, attempt);
    if (!identity) throw new SsoRefusal('error', 'no_id_token');
    return identity;
  } catch (error) {
    if (error instanceof SsoRefusal) throw error;
    const failure = providerFailure(error);
    throw new SsoRefusal(failure.code, failure.reason);
  }
}

/**
 * The provider's e-mail as APPA keeps e-mails, or a refusal: only ASCII (so that lowercasing maps
 * nothing but A-Z; `toLowerCase` turns the Kelvin sign into a `k`, someone else's address) and an
 * address APPA would accept from an administrator.
 */
function providerEmail(raw: string): string {
  if (!/^[\x21-\x7e]+$/.test(raw)) throw new SsoRefusal('unverified', 'email_invalid');
  const parsed = userEmailSchema.safeParse(raw);
  if (!parsed.success) throw new SsoRefusal('unverified', 'email_invalid');
  return parsed.data;
}

/**
 * The APPA account of a provider identity: the one bound to it (issuer and `sub`), else the one
 * with its verified e-mail, which gets bound; else, when the organisation allows it for the
 * e-mail's domain, a new USER.
 */
async function personOf(
  ctx: AppContext,
  log: FastifyBaseLogger,
  identity: Identity,
  again = false,
): Promise<UserRow> {
  if (!identity.email || !identity.emailVerified)
    throw new SsoRefusal('unverified', identity.email ? 'email_unverified' : 'no_email');
  const email = providerEmail(identity.email);
  const [bound] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject)))
    .limit(1);
  if (bound) return bound;

  const [byEmail] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (byEmail) {
    // Another account at this provider was bound to this person: an e-mail changed there must not
    // hand someone else's APPA account over.
    if (byEmail.oidcIssuer === identity.issuer && byEmail.oidcSubject)
      throw new SsoRefusal('mismatch', 'subject_mismatch', byEmail.id);
    // An account that may not sign in is not bound either: a pending registration with someone's
    // e-mail must not take their provider account.
    if (byEmail.status === 'SUSPENDIDO') throw new SsoRefusal('suspended', 'suspended', byEmail.id);
    if (byEmail.status !== 'ACTIVO') throw new SsoRefusal('inactive', 'unconfirmed', byEmail.id);
    // Bound only if nobody bound it since it was read: of two first sign-ins at once, with two
    // accounts at the provider showing the same e-mail, one wins and the other is refused.
    const [updated] = await ctx.db
      .update(users)
      .set({ oidcIssuer: identity.issuer, oidcSubject: identity.subject })
      .where(
        and(
          eq(users.id, byEmail.id),
          byEmail.oidcIssuer === null
            ? isNull(users.oidcIssuer)
            : eq(users.oidcIssuer, byEmail.oidcIssuer),
          byEmail.oidcSubject === null
            ? isNull(users.oidcSubject)
            : eq(users.oidcSubject, byEmail.oidcSubject),
        ),
      )
      .returning();
    if (!updated) throw new SsoRefusal('mismatch', 'subject_mismatch', byEmail.id);
    // Bound for the first time, or again to another issuer (OIDC_ISSUER changed): either way
    // the administrators can read when and to what.
    await audit(ctx.db, {
      actorId: updated.id,
      action: 'user.sso_linked',
      entity: 'user',
      entityId: updated.id,
      meta: { issuer: identity.issuer, previousIssuer: byEmail.oidcIssuer },
    });
    return updated;
  }

  const { ssoJitEnabled, ssoJitDomains } = await getSettings(ctx.db);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!ssoJitEnabled) throw new SsoRefusal('unknown', 'unknown_email');
  if (!ssoJitDomains.includes(domain)) throw new SsoRefusal('unknown', 'domain_not_allowed');
  let created: UserRow;
  const now = ctx.clock();
  try {
    // The person, their binding and the `user.created` event (its audit row, its webhook) are one
    // write: a webhook never announces someone who was not created.
    created = await announcing(ctx, log, async (tx) => {
      const row = await createUser(tx, {
        email,
        fullName: identity.name ?? email.split('@')[0] ?? email,
        role: 'USER',
        // Signs in through the provider only; no password to change.
        passwordHash: null,
        mustChangePassword: false,
        createdAt: now,
      });
      const [bound] = await tx
        .update(users)
        .set({ oidcIssuer: identity.issuer, oidcSubject: identity.subject })
        .where(eq(users.id, row.id))
        .returning();
      const person = bound ?? row;
      await announce(tx, {
        name: 'user.created',
        actor: person,
        user: person,
        via: 'sso',
        at: now,
      });
      return person;
    });
  } catch (error) {
    // Another first sign-in created the person (or took the name) meanwhile: found again, the
    // account is bound or refused as any other.
    if (again || !isUniqueViolation(error)) throw error;
    return personOf(ctx, log, identity, true);
  }
  return created;
}

/**
 * Ends a single sign-on: a session of APPA's own, like any other sign-in, for an active person;
 * every refusal audited as a failed sign-in with its reason. Callbacks count against the address
 * (a success clears them), as guessed links do.
 */
export async function finishOidcSignIn(
  ctx: AppContext,
  log: FastifyBaseLogger,
  browser: string | undefined,
  query: string,
  client: SessionContext & { ip: string },
): Promise<SignedIn & { idToken: string }> {
  const config = requireOidc(ctx);
  const limits = [rule(`sso-callbacks:${client.ip}`, THROTTLE.ssoCallbacks)];
  try {
    try {
      await reserveAttempt(ctx.db, limits, ctx.clock());
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 429)
        throw new SsoRefusal('throttled', 'throttled');
      throw error;
    }
    const identity = await redeem(ctx, config, browser, query);
    const user = await personOf(ctx, log, identity);
    if (user.status === 'SUSPENDIDO') throw new SsoRefusal('suspended', 'suspended', user.id);
    if (user.status !== 'ACTIVO') throw new SsoRefusal('inactive', 'unconfirmed', user.id);
    await clearAttempts(ctx.db, limits);
    const signed = await openSession(
      ctx,
      user,
      { ...client, oidcIdToken: identity.idToken },
      'oidc',
    );
    return { ...signed, idToken: identity.idToken };
  } catch (error) {
    if (!(error instanceof SsoRefusal)) throw error;
    await audit(ctx.db, {
      actorId: error.userId,
      action:
        error.code === 'suspended' || error.code === 'inactive'
          ? 'auth.login_refused'
          : 'auth.login_failed',
      entity: 'user',
      entityId: error.userId,
      meta: { method: 'oidc', reason: error.reason, ip: client.ip },
    });
    throw error;
  }
}

/**
 * Where the browser goes after APPA's session ended: the provider's logout (RP-initiated), naming
 * the session by its ID token and asking to come back to `returnTo`, when the provider offers one;
 * else nowhere (null). A provider that cannot be reached leaves
 * APPA's own way out.
 */
export async function providerLogoutUrl(
  ctx: AppContext,
  idToken: string | null,
  returnTo: string,
): Promise<string | null> {
  const config = ctx.config.oidc;
  if (!config || !idToken) return null;
  return endSessionUrl(config, idToken, returnTo).catch(() => null);
}
