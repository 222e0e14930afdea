import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  API_TOKEN_MSG,
  API_TOKEN_PREFIX,
  HIERARCHY_SCOPE,
  SERVICE_ONLY_SCOPES,
  type ApiScope,
  type ApiToken,
  type CreateApiTokenInput,
} from '../../common/schemas/api-tokens';
import { administers } from '../../common/roles';
import type { Db } from '../db/client';
import { apiTokens, users, type ApiTokenRow, type UserRow } from '../db/schema';
import { AppError, forbidden } from '../lib/errors';
import { hashToken, newToken } from '../lib/tokens';

/** How long a token may be asked for at most, from today. */
const MAX_LIFETIME_MS = 2 * 366 * 86_400_000;
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

/**
 * Makes a token for `owner`; answers it once, with its row. A service token is an
 * administrator's only. `expiresAt` is the last day it works.
 */
export async function createApiToken(
  db: Db,
  owner: UserRow,
  input: Omit<CreateApiTokenInput, 'scopes'> & { scopes: ApiScope[] },
  now: Date,
): Promise<{ token: string; row: ApiTokenRow }> {
  const kind = input.kind ?? 'PERSONAL';
  if (kind === 'SERVICE' && !administers(owner.role))
    throw forbidden(API_TOKEN_MSG.serviceForAdmins);
  // A personal token outlives a change of its owner's role; deciding who reads whom stays with
  // service tokens, which stop when their administrator stops being one.
  if (kind === 'PERSONAL' && input.scopes.some((scope) => SERVICE_ONLY_SCOPES.includes(scope)))
    throw new AppError(400, API_TOKEN_MSG.serviceOnlyScope);
  // It widens what users:write may set, and reaches no route alone.
  if (input.scopes.includes(HIERARCHY_SCOPE) && !input.scopes.includes('users:write'))
    throw new AppError(400, API_TOKEN_MSG.hierarchyNeedsUsersWrite);
  let expiresAt: Date | null = null;
  if (input.expiresAt) {
    // The end of the given day, in UTC.
    expiresAt = new Date(`${input.expiresAt}T23:59:59.999Z`);
    if (expiresAt.getTime() <= now.getTime()) throw new AppError(400, API_TOKEN_MSG.expiresPast);
    if (expiresAt.getTime() - now.getTime() > MAX_LIFETIME_MS)
      throw new AppError(400, API_TOKEN_MSG.expiresTooFar);
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
