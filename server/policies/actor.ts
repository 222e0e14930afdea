import type { Role } from '../../common/roles';
import type { UserRow } from '../db/schema';

/** Who asks: what every policy knows of them. */
export type Actor = Pick<UserRow, 'id' | 'role'>;

/** ADMIN and CONSEJO read every report of the organisation, and review and comment on any. */
export function readsEverything(actor: Pick<UserRow, 'role'>): boolean {
  return actor.role === 'ADMIN' || actor.role === 'CONSEJO';
}

/**
 * The roles expected to send a weekly report; ADMIN and CONSEJO read reports and send none. The
 * list is for SQL (server/domain/expected-authors.ts adds what depends on the week).
 */
export const REPORTING_ROLES: readonly Role[] = ['USER', 'LIDER', 'GERENTE', 'VP'];

/** Whether a role is one that reports at all: the part of the rule that does not depend on the week. */
export function reportsByRole(role: Role): boolean {
  return REPORTING_ROLES.includes(role);
}
