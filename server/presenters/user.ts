import type { CurrentUser, PublicUser, User } from '../../common/schemas/auth';
import type { AdminUser } from '../../common/schemas/users';
import type { SessionRow, UserRow } from '../db/schema';
import type { Actor } from '../policies/actor';
import { navigationAbilities } from '../policies/organisation';
import { userAbilities } from '../policies/user';

/** The fields of a user that may leave the server: never the password hash or the PIN. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    fullName: row.fullName,
    cargo: row.cargo,
    role: row.role,
    managerId: row.managerId,
    unidadOrganizacional: row.unidadOrganizacional,
    status: row.status,
    slug: row.slug,
    mustChangePassword: row.mustChangePassword,
    timezone: row.timezone,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The signed-in user as they see themselves: with the screens they may open. A password-less demo
 * session is not sent to change a temporary password it never used.
 */
export function presentCurrentUser(
  row: UserRow,
  session?: Pick<SessionRow, 'method'>,
): CurrentUser {
  return {
    ...presentUser(row),
    mustChangePassword: mustChangePassword(row, session),
    abilities: navigationAbilities(row),
  };
}

/** Whether this session may do nothing but change the password. */
export function mustChangePassword(
  row: Pick<UserRow, 'mustChangePassword'>,
  session?: Pick<SessionRow, 'method'>,
): boolean {
  // Neither a demo session nor one through the organisation's provider used the temporary password.
  return row.mustChangePassword && session?.method !== 'demo' && session?.method !== 'oidc';
}

/** A user in the administrator's lists: with what `viewer` may do to them. */
export function presentAdminUser(
  viewer: Actor,
  row: UserRow,
  facts: { signInBlocked?: boolean } = {},
): AdminUser {
  return { ...presentUser(row), abilities: userAbilities(viewer, { ...row, ...facts }) };
}

export function presentPublicUser(row: Pick<UserRow, 'fullName' | 'slug'>): PublicUser {
  return { fullName: row.fullName, slug: row.slug };
}
