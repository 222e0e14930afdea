import type { AdminUser } from '../../common/schemas/users';
import type { UserRow } from '../db/schema';
import type { Actor } from './actor';
import { can as canInOrganisation } from './organisation';

/**
 * What an administrator may do to one person of the users table. The routes check the
 * administration itself ('users:manage', 'reminders:send'); the rest are the service's answers
 * (400 for suspending oneself, nobody to remind among suspended people).
 */
export type UserAction = 'user:edit' | 'user:suspend' | 'user:resetPassword' | 'user:remind';

export function can(
  actor: Actor,
  action: UserAction,
  user: Pick<UserRow, 'id' | 'status'>,
): boolean {
  switch (action) {
    case 'user:edit':
    case 'user:resetPassword':
      return canInOrganisation(actor, 'users:manage');
    case 'user:suspend':
      return canInOrganisation(actor, 'users:manage') && user.id !== actor.id;
    case 'user:remind':
      // Reminders go to active people only.
      return canInOrganisation(actor, 'reminders:send') && user.status === 'ACTIVO';
  }
}

export function userAbilities(
  actor: Actor,
  user: Pick<UserRow, 'id' | 'status'>,
): AdminUser['abilities'] {
  return {
    edit: can(actor, 'user:edit', user),
    suspend: can(actor, 'user:suspend', user),
    resetPassword: can(actor, 'user:resetPassword', user),
    remind: can(actor, 'user:remind', user),
  };
}
