import type { AppContext } from '../context';
import type { SubmissionRow, UserRow } from '../db/schema';
import { canReadReport, refuse } from './visibility';

/**
 * Who may do what to which report, in one place (DESIGN.md "Permissions"). Reading follows the
 * hierarchy and lateral shares (policies/visibility.ts); routes only ever call `authorize`.
 */
export type ReportAction = 'report:read' | 'report:write';

/** What only administrators do: users, settings, reminders, the audit log, marking a week as sent. */
export type AdminAction =
  | 'users:manage'
  | 'settings:manage'
  | 'reminders:send'
  | 'audit:read'
  | 'reports:mark-submitted'
  | 'backup:export';

export async function can(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'role'>,
  action: ReportAction,
  report: Pick<SubmissionRow, 'id' | 'userId' | 'status'>,
): Promise<boolean> {
  switch (action) {
    case 'report:read':
      return canReadReport(ctx, user, report);
    case 'report:write':
      // Everyone writes only their own report, and only while it is a draft.
      return report.userId === user.id && report.status === 'BORRADOR';
  }
}

/** Throws a 403 and writes the refusal to the audit log when `user` may not. */
export async function authorize(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'role'>,
  action: ReportAction,
  report: Pick<SubmissionRow, 'id' | 'userId' | 'status'>,
): Promise<void> {
  if (await can(ctx, user, action, report)) return;
  await refuse(ctx, user, action, 'appa_submission', report.id);
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
  await refuse(ctx, user, action, 'admin');
}
