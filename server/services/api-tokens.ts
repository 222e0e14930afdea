import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { PERSONAL_TOKEN_MAX_DAYS } from '../../common/constants';
import {
  API_TOKEN_MSG,
  API_TOKEN_PREFIX,
  HIERARCHY_SCOPE,
  SERVICE_ONLY_SCOPES,
  type ApiScope,
  type ApiToken,
  type CreateApiTokenInput,
  type PersonalTokenRules,
} from '../../common/schemas/api-tokens';
import { administers } from '../../common/roles';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { apiTokens, users, type ApiTokenRow, type UserRow } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { hashToken, newToken } from '../lib/tokens';
import { auditMany } from './audit';
import { tokensRevokedEmail, type TokensRevokedBecause } from './emails';
import { pageLink } from './mail-links';
import { enqueueMail } from './mail-queue';
import { ssoOnlyHolds } from './sso-only';
import { getSettings, keptSettings, savedMailFrom } from './settings';

/** How long a service token may be asked for at most, from today. */
const MAX_LIFETIME_MS = 2 * 366 * 86_400_000;
const DAY_MS = 86_400_000;
/** Last use is written at most this often per token: a busy script costs no write per request. */
const TOUCH_EVERY_MS = 60_000;

export function presentApiToken(
  row: ApiTokenRow,
  owner: Pick<UserRow, 'id' | 'fullName'>,
): ApiToken {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    scopes: row.scopes as ApiScope[],
    preview: row.preview,
    owner: { id: owner.id, fullName: owner.fullName },
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The UTC calendar day `days` after `now`'s (YYYY-MM-DD). */
function dayAfter(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The end of a calendar day, in UTC: a token's last day works until its last millisecond. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999Z`);

/**
 * What `owner`'s next personal token gets: none while only single sign-on lets them in (a token
 * would be a way in the provider does not see); otherwise the organisation's default life and the
 * longest one.
 */
export async function personalTokenRules(
  ctx: Pick<AppContext, 'db' | 'config'>,
  owner: UserRow,
): Promise<PersonalTokenRules> {
  const settings = await getSettings(ctx.db);
  return {
    refusal: ssoOnlyHolds(ctx, settings, owner) ? API_TOKEN_MSG.ssoOnlyCannotCreate : null,
    defaultDays: settings.personalTokenDays,
    maxDays: PERSONAL_TOKEN_MAX_DAYS,
  };
}

/**
 * Makes a token for `owner`; answers it once, with its row. A service token is an
 * administrator's only. `expiresAt` is the last day it works; a personal token always has one.
 */
export async function createApiToken(
  db: Db,
  owner: UserRow,
  input: Omit<CreateApiTokenInput, 'scopes'> & { scopes: ApiScope[] },
  personal: PersonalTokenRules,
  now: Date,
): Promise<{ token: string; row: ApiTokenRow }> {
  const kind = input.kind ?? 'PERSONAL';
  if (kind === 'SERVICE' && !administers(owner.role))
    throw forbidden(API_TOKEN_MSG.serviceForAdmins);
  if (kind === 'PERSONAL' && personal.refusal) throw forbidden(personal.refusal);
  // A personal token outlives a change of its owner's role; deciding who reads whom stays with
  // service tokens, which stop when their administrator stops being one.
  if (kind === 'PERSONAL' && input.scopes.some((scope) => SERVICE_ONLY_SCOPES.includes(scope)))
    throw new AppError(400, API_TOKEN_MSG.serviceOnlyScope);
  // It widens what users:write may set, and reaches no route alone.
  if (input.scopes.includes(HIERARCHY_SCOPE) && !input.scopes.includes('users:write'))
    throw new AppError(400, API_TOKEN_MSG.hierarchyNeedsUsersWrite);
  let expiresAt: Date | null = null;
  if (input.expiresAt) {
    expiresAt = endOfDay(input.expiresAt);
    if (expiresAt.getTime() <= now.getTime()) throw new AppError(400, API_TOKEN_MSG.expiresPast);
    if (kind === 'PERSONAL' && input.expiresAt > dayAfter(now, personal.maxDays))
      throw new AppError(400, API_TOKEN_MSG.personalExpiresTooFar);
    if (expiresAt.getTime() - now.getTime() > MAX_LIFETIME_MS)
      throw new AppError(400, API_TOKEN_MSG.expiresTooFar);
  } else if (kind === 'PERSONAL') {
    expiresAt = endOfDay(dayAfter(now, personal.defaultDays));
  }
  const token = `${API_TOKEN_PREFIX}${newToken()}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      kind,
      name: input.name,
      userId: owner.id,
      scopes: input.scopes,
      tokenHash: hashToken(token),
      preview: token.slice(0, API_TOKEN_PREFIX.length + 6),
      expiresAt,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('token not created');
  return { token, row };
}

/**
 * The token and the person it acts as, if it may act now: not revoked, not expired, its owner
 * active (and, for a service token, still an administrator). Its last use is noted.
 */
export async function resolveApiToken(
  db: Db,
  token: string,
  now: Date,
): Promise<{ user: UserRow; apiToken: ApiTokenRow } | null> {
  const [row] = await db
    .select({ apiToken: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)));
  if (!row) return null;
  const { apiToken, user } = row;
  if (apiToken.expiresAt && apiToken.expiresAt.getTime() <= now.getTime()) return null;
  if (user.status !== 'ACTIVO') return null;
  if (apiToken.kind === 'SERVICE' && !administers(user.role)) return null;
  if (!apiToken.lastUsedAt || now.getTime() - apiToken.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, apiToken.id));
    apiToken.lastUsedAt = now;
  }
  return { user, apiToken };
}

/**
 * Refuses a personal token while only single sign-on lets its owner in, and revokes it then, so
 * that turning single sign-on off later does not bring it back. The switch itself revokes them all
 * (revokeTokensClosedBySsoOnly); this catches one made while the server ran without its provider.
 */
export async function refuseUnderSsoOnly(
  ctx: AppContext,
  resolved: { user: UserRow; apiToken: ApiTokenRow },
): Promise<void> {
  if (resolved.apiToken.kind !== 'PERSONAL') return;
  if (!ssoOnlyHolds(ctx, await keptSettings(ctx), resolved.user)) return;
  await revokePersonalTokens(ctx, eq(apiTokens.id, resolved.apiToken.id), 'sso_only', null);
  throw unauthorized(API_TOKEN_MSG.ssoOnlyRefused);
}

/**
 * Why personal tokens were revoked without being named one by one: the owner is told by e-mail,
 * unless they chose it themselves when changing their password.
 */
export type TokenRevocation = TokensRevokedBecause | 'password_changed';

/**
 * Revokes the live personal tokens `which` selects, each audited (`api_token.revoked` with its
 * reason), and queues one e-mail per owner naming theirs. Service tokens are left alone: they are
 * the organisation's integrations, and stop on their own while their owner is not an active
 * administrator. Answers how many were revoked.
 */
export async function revokePersonalTokens(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  which: SQL,
  reason: TokenRevocation,
  actorId: string | null,
): Promise<number> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(which, eq(apiTokens.kind, 'PERSONAL'), isNull(apiTokens.revokedAt)))
      .returning();
    await auditMany(
      tx,
      revoked.map((row) => ({
        actorId,
        action: 'api_token.revoked' as const,
        entity: 'api_token',
        entityId: row.id,
        meta: { name: row.name, kind: row.kind, ownerId: row.userId, reason },
      })),
    );
    if (reason === 'password_changed' || revoked.length === 0) return revoked.length;
    const owners = await tx
      .select()
      .from(users)
      .where(inArray(users.id, [...new Set(revoked.map((row) => row.userId))]));
    const from = await savedMailFrom(tx);
    const emails = await Promise.all(
      owners.map(async (owner) => ({
        ...(await tokensRevokedEmail({
          nombre: owner.fullName,
          because: reason,
          tokens: revoked.filter((row) => row.userId === owner.id).map((row) => row.name),
          // Mi cuenta makes new ones for whoever may still sign in and make them.
          enlace: reason === 'password_reset' ? pageLink(ctx.config, '/cuenta') : null,
        })),
        from,
        to: owner.email,
      })),
    );
    await enqueueMail(tx, emails, now);
    return revoked.length;
  });
}

/**
 * Revokes, when only single sign-on has just become the way in, the personal tokens of everyone
 * it holds for: the people removed at the provider would otherwise keep their API access.
 */
export async function revokeTokensClosedBySsoOnly(
  ctx: AppContext,
  actorId: string,
): Promise<number> {
  const settings = await getSettings(ctx.db);
  const live = await ctx.db
    .select({ id: apiTokens.id, owner: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.kind, 'PERSONAL'), isNull(apiTokens.revokedAt)));
  const closed = live.filter((row) => ssoOnlyHolds(ctx, settings, row.owner)).map((row) => row.id);
  if (closed.length === 0) return 0;
  return revokePersonalTokens(ctx, inArray(apiTokens.id, closed), 'sso_only', actorId);
}

/**
 * The tokens `viewer` sees: their own, and for an administrator every service token and every
 * personal token (to revoke one left behind), newest first, revoked ones left out.
 */
export async function listApiTokens(db: Db, viewer: UserRow): Promise<ApiToken[]> {
  const rows = await db
    .select({ apiToken: apiTokens, owner: { id: users.id, fullName: users.fullName } })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        isNull(apiTokens.revokedAt),
        administers(viewer.role) ? undefined : eq(apiTokens.userId, viewer.id),
      ),
    )
    .orderBy(desc(apiTokens.createdAt));
  return rows.map((r) => presentApiToken(r.apiToken, r.owner));
}

/** Revokes a token its owner or an administrator names; anyone else learns nothing of it. */
export async function revokeApiToken(
  db: Db,
  viewer: UserRow,
  id: string,
  now: Date,
): Promise<ApiTokenRow> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
  if (!row || (row.userId !== viewer.id && !administers(viewer.role)))
    throw new AppError(404, API_TOKEN_MSG.notFound);
  await db.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.id, id));
  return row;
}
