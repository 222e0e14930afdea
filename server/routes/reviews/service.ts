import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { PANEL_MSG, type SubmissionMessage } from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { appaSubmissions, reviewNotes } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { announce, announcing } from '../../events/announce';
import type { Person, ReportAbout } from '../../events/catalogue';
import { loadReportSummary } from '../../domain/reports';

/**
 * Marks a sent report reviewed with the reviewer's notes (a draft never reaches here: the report
 * policy lets nobody review one); `isUpdate` on a report already reviewed
 * keeps who reviewed it first and when. Either way the reviewer writes only their own notes: an
 * earlier reviewer's stay as they were, and the audit row keeps the text that was replaced.
 */
export async function reviewReport(
  ctx: AppContext,
  log: FastifyBaseLogger,
  actor: Actor & Person,
  report: ReportAbout & { reviewedAt: Date | null },
  input: { notes: string | null; isUpdate: boolean },
): Promise<SubmissionMessage> {
  const now = ctx.clock();
  const updating = report.reviewedAt !== null;
  if (updating && !input.isUpdate) throw conflict(PANEL_MSG.alreadyReviewed);

  await announcing(ctx, log, async (tx) => {
    // Writing the report first also locks it: two reviews of one report happen one after the other.
    const [saved] = await tx
      .update(appaSubmissions)
      .set(
        updating ? { updatedAt: now } : { reviewedAt: now, reviewedBy: actor.id, updatedAt: now },
      )
      .where(
        updating
          ? eq(appaSubmissions.id, report.id)
          : // Two first reviews at once: the second finds it reviewed.
            and(eq(appaSubmissions.id, report.id), isNull(appaSubmissions.reviewedAt)),
      )
      .returning({
        id: appaSubmissions.id,
        userId: appaSubmissions.userId,
        weekStart: appaSubmissions.weekStart,
      });
    if (!saved) throw conflict(PANEL_MSG.alreadyReviewed);

    const notes = await writeOwnNotes(tx, report.id, actor.id, input.notes, now);
    await announce(tx, {
      name: updating ? 'report.review_updated' : 'report.reviewed',
      actor,
      report: { ...report, userId: saved.userId, weekStart: saved.weekStart },
      notes,
      at: now,
    });
  });
  return {
    message: updating ? PANEL_MSG.reviewUpdated : PANEL_MSG.reviewed,
    submission: await loadReportSummary(ctx, actor, report.id),
  };
}

/**
 * Sets the reviewer's own notes on the report: added, changed, or removed when empty. Returns the
 * text before and after, null for none.
 */
async function writeOwnNotes(
  tx: Db,
  submissionId: string,
  authorId: string,
  notes: string | null,
  now: Date,
): Promise<{ from: string | null; to: string | null }> {
  const [own] = await tx
    .select({ id: reviewNotes.id, notes: reviewNotes.notes })
    .from(reviewNotes)
    .where(and(eq(reviewNotes.submissionId, submissionId), eq(reviewNotes.authorId, authorId)))
    .limit(1);
  if (!own) {
    if (notes !== null) {
      await tx
        .insert(reviewNotes)
        .values({ submissionId, authorId, notes, createdAt: now, updatedAt: now });
    }
  } else if (notes === null) {
    await tx.delete(reviewNotes).where(eq(reviewNotes.id, own.id));
  } else if (notes !== own.notes) {
    await tx.update(reviewNotes).set({ notes, updatedAt: now }).where(eq(reviewNotes.id, own.id));
  }
  return { from: own?.notes ?? null, to: notes };
}
