import { and, eq, sql } from 'drizzle-orm';
import { PANEL_MSG, type SubmissionMessage } from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { appaSubmissions } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { audit } from '../../services/audit';
import { loadReportSummary } from '../week/service';

/**
 * Marks a sent report reviewed with the reviewer's notes; `isUpdate` changes the notes of a report
 * already reviewed (keeping who reviewed it first and when).
 */
export async function reviewReport(
  ctx: AppContext,
  actor: Actor,
  report: { id: string; status: string; reviewedAt: Date | null },
  input: { notes: string | null; isUpdate: boolean },
): Promise<SubmissionMessage> {
  if (report.status !== 'ENVIADO') throw conflict(PANEL_MSG.reviewOnlySent);
  const now = ctx.clock();
  const updating = report.reviewedAt !== null;
  if (updating && !input.isUpdate) throw conflict(PANEL_MSG.alreadyReviewed);

  const [saved] = updating
    ? await ctx.db
        .update(appaSubmissions)
        .set({ reviewNotes: input.notes, updatedAt: now })
        .where(eq(appaSubmissions.id, report.id))
        .returning({ id: appaSubmissions.id })
    : await ctx.db
        .update(appaSubmissions)
        .set({ reviewedAt: now, reviewedBy: actor.id, reviewNotes: input.notes, updatedAt: now })
        // Two reviewers at once: the second finds it reviewed.
        .where(and(eq(appaSubmissions.id, report.id), sql`${appaSubmissions.reviewedAt} is null`))
        .returning({ id: appaSubmissions.id });
  if (!saved) throw conflict(PANEL_MSG.alreadyReviewed);

  await audit(ctx.db, {
    actorId: actor.id,
    action: updating ? 'report.review_updated' : 'report.reviewed',
    entity: 'appa_submission',
    entityId: report.id,
  });
  return {
    message: updating ? PANEL_MSG.reviewUpdated : PANEL_MSG.reviewed,
    submission: await loadReportSummary(ctx, actor, report.id),
  };
}
