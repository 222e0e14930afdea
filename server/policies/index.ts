import type { AppContext } from '../context';
import type { SubmissionRow, UserRow } from '../db/schema';
import { forbidden } from '../lib/errors';
import { audit } from '../services/audit';

/**
 * Who may do what to which report, in one place (DESIGN.md "Permissions"). Later issues widen
 * `report:read` to the hierarchy and to lateral shares; routes only ever call `authorize`.
 */
export type ReportAction = 'report:read' | 'report:write';

/** What only administrators do: users, settings, reminders, the audit log, marking a week as sent. */
export type AdminAction =
  'users:manage' | 'settings:manage' | 'reminders:send' | 'audit:read' | 'reports:mark-submitted';

export function can(
  user: Pick<UserRow, 'id' | 'role'>,
  action: ReportAction,
  report: Pick<SubmissionRow, 'userId' | 'status'>,
): boolean {
  const own = report.userId === user.id;
  switch (action) {
    case 'report:read':
      // The board reads every report (DESIGN.md); the hierarchy and shares come with issue 6.
      return own || user.role === 'ADMIN' || user.role === 'CONSEJO';
    case 'report:write':
      // Everyone writes only their own report, and only while it is a draft.
      return own && report.status === 'BORRADOR';
  }
}

/** Throws a 403 and writes the refusal to the audit log when `user` may not. */
export async function authorize(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'role'>,
  action: ReportAction,
  report: Pick<SubmissionRow, 'id' | 'userId' | 'status'>,
): Promise<void> {
  if (can(user, action, report)) return;
  await audit(ctx.db, {
    actorId: user.id,
    action: 'security.permission_refused',
    entity: 'appa_submission',
    entityId: report.id,
    meta: { attempted: action },
  });
  throw forbidden();
}

export function canAdminister(user: Pick<UserRow, 'role'>): boolean {
  return user.role === 'ADMIN';
}

/** Throws a 403 (audited) unless `user` is an administrator. */
export async function authorizeAdmin(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'role'>,
  action: AdminAction,
): Promise<void> {
  if (canAdminister(user)) return;
  await audit(ctx.db, {
    actorId: user.id,
    action: 'security.permission_refused',
    entity: 'admin',
    meta: { attempted: action },
  });
  throw forbidden();
}
