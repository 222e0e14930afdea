import { administers, type Role } from '../../common/roles';
import type { AdminUser } from '../../common/schemas/users';
import type { UserRow } from '../db/schema';
import type { Actor } from './actor';
import { can as canInOrganisation } from './organisation';

/**
 * What an administrator may do to one person of the users table. The routes check the
 * administration itself ('users:manage', 'reminders:send'); the rest are the service's answers
 * (400 for suspending oneself, nobody to remind among suspended people).
 */
export type UserAction =
  'user:edit' | 'user:suspend' | 'user:resetPassword' | 'user:remind' | 'user:unblockSignIn';

/** A person as the abilities see them: whether failed sign-ins hold them back now. */
export type UserFacts = Pick<UserRow, 'id' | 'status'> & { signInBlocked?: boolean };

export function can(actor: Actor, action: UserAction, user: UserFacts): boolean {
  switch (action) {
    case 'user:edit':
    case 'user:resetPassword':
    case 'user:unblockSignIn':
      return canInOrganisation(actor, 'users:manage');
    case 'user:suspend':
      return canInOrganisation(actor, 'users:manage') && user.id !== actor.id;
    case 'user:remind':
      // Reminders go to active people only.
      return canInOrganisation(actor, 'reminders:send') && user.status === 'ACTIVO';
  }
}

/**
 * Whether the actor may give the person `userId` this role: an administrator never takes their own
 * administration away, so it is never lost by a slip of one's own hand (the service answers 400).
 */
export function mayGiveRole(actor: Actor, userId: string, role: Role): boolean {
  return userId !== actor.id || administers(role);
}

export function userAbilities(actor: Actor, user: UserFacts): AdminUser['abilities'] {
  return {
    edit: can(actor, 'user:edit', user),
    suspend: can(actor, 'user:suspend', user),
    resetPassword: can(actor, 'user:resetPassword', user),
    remind: can(actor, 'user:remind', user),
    // Offered only while failed sign-ins hold the person back; allowed (and harmless) anytime.
    unblockSignIn: user.signInBlocked === true && can(actor, 'user:unblockSignIn', user),
  };
}
