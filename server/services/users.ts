import { eq, or, sql } from 'drizzle-orm';
import type { Role } from '../../common/roles';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { hashPassword } from './passwords';

/** 'María José Pérez' → 'maria-jose-perez'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
}

/** `base`, or `base-2`, `base-3`... whichever is free in `column`. */
async function firstFree(db: Db, column: 'username' | 'slug', base: string): Promise<string> {
  const col = column === 'username' ? users.username : users.slug;
  const taken = new Set(
    (
      await db
        .select({ value: col })
        .from(users)
        .where(or(eq(col, base), sql`${col} like ${`${base}-%`}`))
    ).map((r) => r.value),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewUser {
  email: string;
  fullName: string;
  role?: Role;
  username?: string;
  cargo?: string | null;
  managerId?: string | null;
  unidadOrganizacional?: string | null;
  timezone?: string;
  password: string;
  mustChangePassword: boolean;
}

/** Creates a user with a generated username (from the e-mail) and slug (from the name). */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  const username = input.username
    ? input.username.trim().toLowerCase()
    : await firstFree(
        db,
        'username',
        slugify(email.split('@')[0] ?? '').replace(/-/g, '.') || 'usuario',
      );
  const slug = await firstFree(db, 'slug', slugify(input.fullName) || 'usuario');
  const [row] = await db
    .insert(users)
    .values({
      email,
      username,
      slug,
      fullName: input.fullName.trim(),
      role: input.role ?? 'USER',
      cargo: input.cargo ?? null,
      managerId: input.managerId ?? null,
      unidadOrganizacional: input.unidadOrganizacional ?? null,
      timezone: input.timezone ?? 'America/Lima',
      password: await hashPassword(input.password),
      mustChangePassword: input.mustChangePassword,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** Finds an account by user name or e-mail address, case-insensitively. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.username, value), eq(users.email, value)))
    .limit(1);
  return row;
}
