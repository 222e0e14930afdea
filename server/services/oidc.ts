import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { THROTTLE } from '../../common/constants';
import type { Settings } from '../../common/schemas/settings';
import { SSO_REFUSAL, type SsoFailure } from '../../common/schemas/sso';
import { userEmailSchema } from '../../common/schemas/users';
import { isLoopbackHost, type OidcConfig } from '../config';
import type { AppContext } from '../context';
import { oidcLogins, users, type UserRow } from '../db/schema';
import { isUniqueViolation } from '../lib/db-errors';
import { AppError, forbidden } from '../lib/errors';
import { hashToken, newToken } from '../lib/tokens';
import type { Actor } from '../policies/actor';
import { can } from '../policies/organisation';
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

/**
 * The provider's metadata, discovered once per configuration and kept; a failed discovery is
 * forgotten, so that the next sign-in tries again (the server starts whether or not the provider
 * answers).
 */
const discovered = new WeakMap<OidcConfig, Promise<oidc.Configuration>>();

/** http is accepted only for a provider on this machine (config.ts refuses any other). */
function insecure(config: OidcConfig): boolean {
  return config.issuer.protocol === 'http:' && isLoopbackHost(config.issuer.hostname);
}

function clientAuth(config: OidcConfig) {
  return config.clientSecret ? oidc.ClientSecretPost(config.clientSecret) : oidc.None();
}

function discover(config: OidcConfig): Promise<oidc.Configuration> {
  let found = discovered.get(config);
  if (!found) {
    found = oidc.discovery(config.issuer, config.clientId, undefined, clientAuth(config), {
      execute: insecure(config) ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    });
    found.catch(() => discovered.delete(config));
    discovered.set(config, found);
  }
  return found;
}

/**
 * The client as the library validates with it. The time it checks tokens against is APPA's clock
 * (the same in production; tests move it): a difference from the machine's becomes the library's
 * clock skew, and a client is made for it.
 */
async function clientFor(ctx: AppContext, config: OidcConfig): Promise<oidc.Configuration> {
  const base = await discover(config);
  const skew = Math.round((ctx.clock().getTime() - Date.now()) / 1000);
  if (skew === 0) return base;
  const skewed = new oidc.Configuration(
    base.serverMetadata(),
    config.clientId,
    { [oidc.clockSkew]: skew },
    clientAuth(config),
  );
  if (insecure(config)) oidc.allowInsecureRequests(skewed);
  return skewed;
}

/**
 * Whether only single sign-on lets people in: the setting is on and a provider is configured (a
 * server started without one lets everyone use passwords again, so nobody is locked out).
 */
export function ssoOnlyActive(
  ctx: Pick<AppContext, 'config'>,
  settings: Pick<Settings, 'ssoOnly'>,
): boolean {
  return settings.ssoOnly && ctx.config.oidc !== undefined;
}

/**
 * Whether only single sign-on lets `user` in now: it holds for everyone but whoever may change the
 * settings, the break-glass administrators whose passwords are the way in when the provider fails
 * and the way to turn this off.
 */
export function ssoOnlyHolds(
  ctx: Pick<AppContext, 'config'>,
  settings: Pick<Settings, 'ssoOnly'>,
  user: Actor,
): boolean {
  return !can(user, 'settings:manage') && ssoOnlyActive(ctx, settings);
}

/** The refusal of another way in while only single sign-on is allowed. */
export function ssoOnlyRefusal(ctx: Pick<AppContext, 'config'>): AppError {
  return forbidden(SSO_REFUSAL.ssoOnly(ctx.config.oidc?.buttonLabel ?? ''));
}

function requireOidc(ctx: AppContext): OidcConfig {
  const { oidc: config } = ctx.config;
  if (!config) throw new AppError(404, 'El inicio de sesión único no está configurado.');
  return config;
}

function unavailable(error: unknown): boolean {
  // Anything but an answer the library judged: the provider did not answer, or not in time.
  return !(
    error instanceof oidc.ClientError ||
    error instanceof oidc.ResponseBodyError ||
    error instanceof oidc.AuthorizationResponseError ||
    error instanceof oidc.WWWAuthenticateChallengeError
  );
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
  let client: oidc.Configuration;
  try {
    client = await clientFor(ctx, config);
  } catch (error) {
    throw new SsoRefusal('unavailable', `discovery: ${errorName(error)}`);
  }
  const browser = newToken();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const expiresAt = new Date(now.getTime() + OIDC_LOGIN_MINUTES * 60_000);
  await ctx.db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
  await ctx.db
    .insert(oidcLogins)
    .values({ browserHash: hashToken(browser), state, nonce, codeVerifier, expiresAt });
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: config.redirectUri,
    scope: config.scopes,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, browser, expiresAt };
}

/** What the provider says about the person, from a validated ID token. */
interface Identity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  idToken: string;
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
    const client = await clientFor(ctx, config);
    const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      pkceCodeVerifier: attempt.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new SsoRefusal('error', 'no_id_token');
    // Some providers put the e-mail in the ID token only when asked; the UserInfo endpoint, for
    // the same `sub` (the library checks it), says it otherwise.
    const profile =
      claims.email === undefined && client.serverMetadata().userinfo_endpoint
        ? { ...(await oidc.fetchUserInfo(client, tokens.access_token, claims.sub)), ...claims }
        : claims;
    return identityOf(claims, profile, tokens.id_token);
  } catch (error) {
    if (error instanceof SsoRefusal) throw error;
    if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied')
      throw new SsoRefusal('cancelled', 'access_denied');
    if (unavailable(error)) throw new SsoRefusal('unavailable', `provider: ${errorName(error)}`);
    throw new SsoRefusal('error', `rejected: ${errorName(error)}`);
  }
}

function identityOf(
  claims: oidc.IDToken,
  profile: Record<string, unknown>,
  idToken: string,
): Identity {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() ? value.trim() : null;
  const name =
    text(profile.name) ??
    text([text(profile.given_name), text(profile.family_name)].filter(Boolean).join(' '));
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: text(profile.email),
    // Microsoft Entra ID sends no `email_verified`; its `xms_edov` says the e-mail's domain is one
    // the tenant owns and verified, which is what matching by e-mail needs.
    // Only Entra ID's own issuer is believed about it, and never over an explicit `false`.
    emailVerified:
      profile.email_verified === true ||
      (profile.email_verified !== false && profile.xms_edov === true && entra(claims.iss)),
    name,
    idToken,
  };
}

/**
 * The error codes OAuth 2.0 and OpenID Connect define for an authorization or token answer: the
 * only provider words kept in the audit log, since anything else is text an attacker chose.
 */
const PROVIDER_ERRORS = new Set([
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
  'interaction_required',
  'login_required',
  'account_selection_required',
  'consent_required',
  'invalid_request_uri',
  'invalid_request_object',
  'request_not_supported',
  'request_uri_not_supported',
  'registration_not_supported',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
]);

/** What the audit log keeps of an error: the provider's `error` only as one of the known codes. */
/** Whether an issuer is Microsoft Entra ID's, the only one whose `xms_edov` means anything. */
function entra(issuer: string): boolean {
  const host = URL.canParse(issuer) ? new URL(issuer).hostname : '';
  return host === 'login.microsoftonline.com' || host === 'sts.windows.net';
}

function errorName(error: unknown): string {
  const name =
    error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError
      ? PROVIDER_ERRORS.has(error.error)
        ? error.error
        : 'other'
      : error instanceof oidc.ClientError
        ? (error.code ?? 'client_error')
        : error instanceof Error
          ? error.name
          : 'unknown';
  return name.slice(0, 64);
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
  try {
    const client = await discover(config);
    if (!client.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(client, {
      id_token_hint: idToken,
      client_id: config.clientId,
      post_logout_redirect_uri: returnTo,
    }).href;
  } catch {
    return null;
  }
}
