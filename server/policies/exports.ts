import type { AppContext } from '../context';
import type { SubmissionRow, UserRow } from '../db/schema';
import { canListReports } from './review';
import { refuse, unreadableReports } from './visibility';

/**
 * Who may export what (DESIGN.md "Permissions", "Exports"): the organisation-wide reports of
 * Reportes are for ADMIN and CONSEJO, who read every report; one report's download (text, or in a
 * zip with its files) is for whoever may read it and its reviewers, as its detail is.
 */
type Actor = Pick<UserRow, 'id' | 'role'>;
type ReportRef = Pick<SubmissionRow, 'id' | 'userId' | 'status'>;

export function canExportOrganisationReports(user: Pick<UserRow, 'role'>): boolean {
  return canListReports(user);
}

/** Throws a 403 (audited) unless `user` may generate the organisation's reports. */
export async function authorizeOrganisationReports(ctx: AppContext, user: Actor): Promise<void> {
  if (!canExportOrganisationReports(user))
    await refuse(ctx, user, 'reports:export', 'appa_submission');
}

/**
 * Throws a 403 (audited, naming the first refused report) unless `user` reads every one of
 * `reports`: all or nothing. Reviewers are above the author, so reading is the rule.
 */
export async function authorizeReportDownload(
  ctx: AppContext,
  user: Actor,
  reports: readonly ReportRef[],
): Promise<void> {
  const [refused] = await unreadableReports(ctx, user, reports);
  if (refused) await refuse(ctx, user, 'report:download', 'appa_submission', refused.id);
}
