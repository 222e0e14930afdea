import type { AppContext } from '../context';
import type { SubmissionRow, UserRow } from '../db/schema';
import { canListReports, canReviewAction } from './review';
import { refuse } from './visibility';

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

export async function canDownloadReport(ctx: AppContext, user: Actor, report: ReportRef) {
  return canListReports(user) || canReviewAction(ctx, user, 'review:read', report);
}

/** Throws a 403 (audited) unless `user` may generate the organisation's reports. */
export async function authorizeOrganisationReports(ctx: AppContext, user: Actor): Promise<void> {
  if (!canExportOrganisationReports(user))
    await refuse(ctx, user, 'reports:export', 'appa_submission');
}

/** Throws a 403 (audited) unless `user` may download every one of `reports`: all or nothing. */
export async function authorizeReportDownload(
  ctx: AppContext,
  user: Actor,
  reports: readonly ReportRef[],
): Promise<void> {
  if (canListReports(user)) return;
  for (const report of reports) {
    if (!(await canDownloadReport(ctx, user, report))) {
      await refuse(ctx, user, 'report:download', 'appa_submission', report.id);
    }
  }
}
