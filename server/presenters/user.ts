import type { PublicUser, User } from '../../common/schemas/auth';
import type { UserRow } from '../db/schema';

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

export function presentPublicUser(row: Pick<UserRow, 'fullName' | 'slug'>): PublicUser {
  return { fullName: row.fullName, slug: row.slug };
}
