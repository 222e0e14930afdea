import * as oidc from 'openid-client';
import { isLoopbackHost, type OidcConfig } from '../config';

/**
 * The OpenID Connect client: what talks to the provider (discovery, the authorization address,
 * the code exchange, the logout address) and how its answers and failures read. Who may sign in,
 * and as whom, is decided by services/oidc.ts.
 */

/** The provider as the library knows it, ready to validate its answers. */
export type OidcClient = oidc.Configuration;

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
export async function clientFor(config: OidcConfig, now: Date): Promise<OidcClient> {
  const base = await discover(config);
  const skew = Math.round((now.getTime() - Date.now()) / 1000);
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

/** What a sign-in attempt keeps to check the provider's answer: state, nonce, PKCE verifier. */
export function newAttemptSecrets() {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
}

/** The provider's authorization address for an attempt with these secrets. */
export async function authorizationUrl(
  client: OidcClient,
  config: OidcConfig,
  attempt: { state: string; nonce: string; codeVerifier: string },
): Promise<URL> {
  return oidc.buildAuthorizationUrl(client, {
    redirect_uri: config.redirectUri,
    scope: config.scopes,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
    code_challenge_method: 'S256',
    state: attempt.state,
    nonce: attempt.nonce,
  });
}

/** What the provider says about the person, from a validated ID token. */
export interface Identity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  idToken: string;
}

/**
 * Exchanges the code of the provider's redirect (`currentUrl`) and validates the ID token against
 * the attempt's state, nonce and verifier. Answers the identity, or null when the provider sent no
 * ID token; throws what the library or the network threw (`providerFailure` reads it).
 */
export async function exchangeCode(
  client: OidcClient,
  currentUrl: URL,
  attempt: { state: string; nonce: string; codeVerifier: string },
): Promise<Identity | null> {
  const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
    pkceCodeVerifier: attempt.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims || !tokens.id_token) return null;
  // Some providers put the e-mail in the ID token only when asked; the UserInfo endpoint, for
  // the same `sub` (the library checks it), says it otherwise.
  const profile =
    claims.email === undefined && client.serverMetadata().userinfo_endpoint
      ? { ...(await oidc.fetchUserInfo(client, tokens.access_token, claims.sub)), ...claims }
      : claims;
  return identityOf(claims, profile, tokens.id_token);
}

/**
 * How an exchange that threw failed: the person said no at the provider (`cancelled`), the
 * provider did not answer, or not in time (`unavailable`), or it answered something the library
 * refused (`error`); `reason` is what the audit log keeps.
 */
export function providerFailure(error: unknown): {
  code: 'cancelled' | 'unavailable' | 'error';
  reason: string;
} {
  if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied')
    return { code: 'cancelled', reason: 'access_denied' };
  if (unavailable(error)) return { code: 'unavailable', reason: `provider: ${errorName(error)}` };
  return { code: 'error', reason: `rejected: ${errorName(error)}` };
}

/**
 * The provider's logout address (RP-initiated), naming the session by its ID token and asking to
 * come back to `returnTo`; null when the provider offers none. Throws when it cannot be reached.
 */
export async function endSessionUrl(
  config: OidcConfig,
  idToken: string,
  returnTo: string,
): Promise<string | null> {
  const client = await discover(config);
  if (!client.serverMetadata().end_session_endpoint) return null;
  return oidc.buildEndSessionUrl(client, {
    id_token_hint: idToken,
    client_id: config.clientId,
    post_logout_redirect_uri: returnTo,
  }).href;
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

/** Whether an issuer is Microsoft Entra ID's, the only one whose `xms_edov` means anything. */
function entra(issuer: string): boolean {
  const host = URL.canParse(issuer) ? new URL(issuer).hostname : '';
  return host === 'login.microsoftonline.com' || host === 'sts.windows.net';
}

/** What the audit log keeps of an error: the provider's `error` only as one of the known codes. */
export function errorName(error: unknown): string {
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
