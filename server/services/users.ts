import { eq, or, sql } from 'drizzle-orm';
import type { Role, UserStatus } from '../../common/roles';
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

/** `base`, or `base-2`, `base-3`... whichever is not in `taken`. */
export function firstFreeIn(taken: ReadonlySet<string>, base: string): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** The first free `base`, `base-2`... in `column`. */
async function firstFree(db: Db, column: 'username' | 'slug', base: string): Promise<string> {
  const col = column === 'username' ? users.username : users.slug;
  const taken = await db
    .select({ value: col })
    .from(users)
    .where(or(eq(col, base), sql`${col} like ${`${base}-%`}`));
  return firstFreeIn(new Set(taken.map((r) => r.value)), base);
}

/** The username a new account starts from: the e-mail's local part ('ana.nunez'). */
export function usernameBase(email: string): string {
  return slugify(email.split('@')[0] ?? '').replace(/-/g, '.') || 'usuario';
}

/** The personal link's slug a new account starts from: the name ('ana-nunez'). */
export function slugBase(fullName: string): string {
  return slugify(fullName) || 'usuario';
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type NewUser = {
  /** Chosen by the caller when others must point at the person before it exists. */
  id?: string;
  email: string;
  fullName: string;
  role?: Role;
  username?: string;
  cargo?: string | null;
  managerId?: string | null;
  unidadOrganizacional?: string | null;
  timezone?: string;
  mustChangePassword: boolean;
  /** ACTIVO unless said: only self-registration starts PENDIENTE. */
  status?: UserStatus;
  /**
   * When the person joins, by the server's clock (the database's when absent): an ACTIVO person is
   * expected to report from the first full week after it (domain/expected-authors.ts).
   */
  createdAt?: Date;
} & ({ password: string } | { passwordHash: string | null });

/** Creates a user with a generated username (from the e-mail) and slug (from the name). */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  const username = input.username
    ? input.username.trim().toLowerCase()
    : await firstFree(db, 'username', usernameBase(email));
  const slug = await firstFree(db, 'slug', slugBase(input.fullName));
  const [row] = await db
    .insert(users)
    .values({
      ...(input.id ? { id: input.id } : {}),
      email,
      username,
      slug,
      fullName: input.fullName.trim(),
      role: input.role ?? 'USER',
      cargo: input.cargo ?? null,
      managerId: input.managerId ?? null,
      unidadOrganizacional: input.unidadOrganizacional ?? null,
      timezone: input.timezone ?? 'America/Lima',
      password: 'passwordHash' in input ? input.passwordHash : await hashPassword(input.password),
      mustChangePassword: input.mustChangePassword,
      status: input.status ?? 'ACTIVO',
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
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
