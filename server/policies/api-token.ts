import { API_TOKEN_MSG, HIERARCHY_SCOPE } from '../../common/schemas/api-tokens';
import { administers, type Role, type SettableUserStatus } from '../../common/roles';
import type { AppContext } from '../context';
import type { ApiTokenRow, UserRow } from '../db/schema';
import { forbidden } from '../lib/errors';
import { audit } from '../services/audit';

/**
 * What an API token may do to people. A token acts for its owner, but the people it creates or
 * changes are not bound by its scopes: an account it makes signs in with whatever its role reads.
 * So a write through a token must never hand anyone, its holder included, a reading right the
 * token does not name. Roles other than Usuario read other people's reports, and a manager reads
 * the reports of the people under them: setting either needs `people:admin` (HIERARCHY_SCOPE), and
 * administrators are made and changed with a session only.
 */

/** One person as a token's write finds them (null when it creates them), and what it would set. */
export interface PersonWrite {
  before:
    | (Pick<UserRow, 'role' | 'managerId' | 'status'> & {
        /** Someone is placed under them: whatever their role, they read those reports. */
        leadsAnyone?: boolean;
      })
    | null;
  role?: Role;
  /** The manager's id; in a bulk upload, any reference to one (e-mail or user name). */
  managerId?: string | null;
  email?: string;
  status?: SettableUserStatus;
}

/** The Spanish reason a token holding `scopes` may not make `write`, or null when it may. */
export function tokenRefusal(scopes: readonly string[], write: PersonWrite): string | null {
  const { before } = write;
  if ([before?.role, write.role].some((role) => role !== undefined && administers(role)))
    return API_TOKEN_MSG.administratorsNeedSession;
  // A new address would receive the person's sign-in links.
  if (before && write.email !== undefined) return API_TOKEN_MSG.emailNeedsSession;
  if (scopes.includes(HIERARCHY_SCOPE)) return null;
  const roleNow: Role = before?.role ?? 'USER';
  if (write.role !== undefined && write.role !== roleNow)
    return API_TOKEN_MSG.roleNeedsHierarchyScope;
  const managerNow = before?.managerId ?? null;
  if (write.managerId !== undefined && write.managerId !== managerNow)
    return API_TOKEN_MSG.managerNeedsHierarchyScope;
  const readsOthers = before && (before.role !== 'USER' || before.leadsAnyone === true);
  if (readsOthers && write.status === 'ACTIVO' && before.status !== 'ACTIVO')
    return API_TOKEN_MSG.reactivationNeedsHierarchyScope;
  return null;
}

/**
 * Lets a request through a token make these writes to people, or audits the refusal and throws
 * its 403, naming the scope that is missing. All or nothing: one refused write refuses the
 * request, so a bulk upload never creates half its rows. A session passes untouched.
 */
export async function authorizeTokenPeopleWrites(
  ctx: AppContext,
  apiToken: ApiTokenRow | null,
  writes: readonly PersonWrite[],
): Promise<void> {
  if (!apiToken) return;
  for (const write of writes) {
    const refusal = tokenRefusal(apiToken.scopes, write);
    if (!refusal) continue;
    await audit(ctx.db, {
      actorId: apiToken.userId,
      action: 'security.permission_refused',
      entity: 'api_token',
      entityId: apiToken.id,
      meta: { attempted: 'people:write', reason: refusal },
    });
    throw forbidden(refusal);
  }
}
