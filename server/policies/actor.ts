import type { UserRow } from '../db/schema';

/** Who asks: what every policy knows of them. */
export type Actor = Pick<UserRow, 'id' | 'role'>;

/** ADMIN and CONSEJO read every report of the organisation, and review and comment on any. */
export function readsEverything(actor: Pick<UserRow, 'role'>): boolean {
  return actor.role === 'ADMIN' || actor.role === 'CONSEJO';
}
