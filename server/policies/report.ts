import { and, eq, inArray } from 'drizzle-orm';
import { administers, type SharePermission, type SubmissionStatus } from '../../common/roles';
import type { ReportAbilities } from '../../common/schemas/panel';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { isAbove, managersAbove, whoIsBelow } from '../domain/hierarchy';
import { readsEverything, type Actor } from './actor';
import { liveSharesOf, liveSharesWith, sharesLaterally } from './share';

/**
 * Who may do what with a report. Reading follows the hierarchy for every role: anyone reads their
 * own reports and those of everyone below them; ADMIN and CONSEJO read everything; a peer reads a
 * report while a share of it lasts. A reviewer is ADMIN, CONSEJO or anyone above the author. Files,
 * comments, tasks, the text download and the zip all follow the reading rule. A draft is private:
 * others see that it exists, never its content, and nobody reviews or comments on it.
 */
export type ReportAction =
  | 'report:read'
  /** Its comments and tasks, and the report as the panel shows it. */
  | 'review:read'
  | 'report:write'
  /** Mark it reviewed and create review tasks. */
  | 'report:review'
  | 'report:comment'
  /** Answer a comment on it: whoever comments, and the author of a sent report. */
  | 'report:reply'
  | 'report:share'
  /** The shares of the report. */
  | 'shares:list'
  | 'report:download';

/** What a decision needs of someone whose reports the actor asks for. */
export interface AuthorFacts {
  userId: string;
  /**
   * The actor is above the author in the hierarchy. Looked up only where it can change a decision:
   * false for the actor's own reports and for those who read everything.
   */
  aboveAuthor: boolean;
}

/** What a decision needs of a report: the report, and how the actor stands to it. */
export interface ReportFacts extends AuthorFacts {
  id: string;
  status: SubmissionStatus;
  /** The permission a live share of the report with the actor grants, if any. */
  sharedAs: SharePermission | null;
}

/** A report as it is loaded; its facts are looked up from it. */
export type ReportRef = Pick<ReportFacts, 'id' | 'userId' | 'status'>;

/** Whether the actor reads every report of the author, shares aside. */
export function readsReportsOf(actor: Actor, author: AuthorFacts): boolean {
  return readsEverything(actor) || author.userId === actor.id || author.aboveAuthor;
}

/**
 * A reviewer is ADMIN, CONSEJO or anyone above the author; never the author themself. There is
 * nothing to review in a draft, whose content only its author reads.
 */
function reviews(actor: Actor, report: ReportFacts): boolean {
  if (report.status === 'BORRADOR') return false;
  return readsEverything(actor) || (report.userId !== actor.id && report.aboveAuthor);
}

/**
 * Whether `readerId` (null: nobody in particular, as an organisation's export) may read the
 * report's content (text, KPI, attachments): a draft is its author's alone until it is sent.
 * Anyone who reads the report still sees that a draft exists.
 */
export function readsContent(
  readerId: string | null,
  report: Pick<ReportFacts, 'userId' | 'status'>,
): boolean {
  return report.status !== 'BORRADOR' || report.userId === readerId;
}

export function can(actor: Actor, action: ReportAction, report: ReportFacts): boolean {
  switch (action) {
    case 'review:read':
      // Reviewers are above the author, so whoever reviews also reads.
      return readsReportsOf(actor, report) || report.sharedAs !== null;
    case 'report:read':
    case 'report:download':
      // Its content and its files; a download is the report as a file.
      return (
        (readsReportsOf(actor, report) || report.sharedAs !== null) &&
        readsContent(actor.id, report)
      );
    case 'report:write':
      // Everyone writes only their own report, and only while it is a draft.
      return report.userId === actor.id && report.status === 'BORRADOR';
    case 'report:review':
      return reviews(actor, report);
    case 'report:comment':
      return reviews(actor, report) || report.sharedAs === 'comment';
    case 'report:reply':
      return (
        can(actor, 'report:comment', report) ||
        (report.userId === actor.id && report.status !== 'BORRADOR')
      );
    case 'report:share':
      return report.userId === actor.id && sharesLaterally(actor);
    case 'shares:list':
      return report.userId === actor.id || administers(actor.role);
  }
}

export function reportAbilities(actor: Actor, report: ReportFacts): ReportAbilities {
  return {
    review: can(actor, 'report:review', report),
    comment: can(actor, 'report:comment', report),
    reply: can(actor, 'report:reply', report),
    share: can(actor, 'report:share', report),
    edit: can(actor, 'report:write', report),
    download: can(actor, 'report:download', report),
  };
}

/**
 * The facts of `reports` for `actor`, in at most two statements whatever their number (who of
 * their authors is below the actor; which of them are shared with the actor), and none for those
 * who read everything.
 */
export async function loadReportFacts(
  ctx: AppContext,
  actor: Actor,
  reports: readonly ReportRef[],
): Promise<(report: ReportRef) => ReportFacts> {
  const others = readsEverything(actor) ? [] : reports.filter((r) => r.userId !== actor.id);
  const below = await whoIsBelow(
    ctx,
    actor.id,
    others.map((r) => r.userId),
  );
  const shared = await liveSharesWith(
    ctx,
    actor.id,
    others.map((r) => r.id),
  );
  return (report) => ({
    id: report.id,
    userId: report.userId,
    status: report.status,
    aboveAuthor: report.userId !== actor.id && below.has(report.userId),
    sharedAs: shared.get(report.id) ?? null,
  });
}

/** `reports`, each with what `actor` may do with it, in at most two statements. */
export async function withReportAbilities<T extends ReportRef>(
  ctx: AppContext,
  actor: Actor,
  reports: readonly T[],
): Promise<(T & { abilities: ReportAbilities })[]> {
  const factsOf = await loadReportFacts(ctx, actor, reports);
  return reports.map((report) => ({
    ...report,
    abilities: reportAbilities(actor, factsOf(report)),
  }));
}

/** The facts of the person `userId` for `actor`: at most one statement. */
export async function loadAuthorFacts(
  ctx: AppContext,
  actor: Actor,
  userId: string,
): Promise<AuthorFacts> {
  const looked = !readsEverything(actor) && userId !== actor.id;
  return { userId, aboveAuthor: looked && (await isAbove(ctx, actor.id, userId)) };
}

/**
 * Which of `personIds` may read `report` now, decided for all of them at once (the live streams an
 * instance holds open): their roles as they are now, then, only when one of them needs it, who is
 * above the author and whom the report is shared with. Three statements at most, whatever their
 * number; the suspended read nothing.
 */
export async function whoReads(
  ctx: AppContext,
  report: ReportRef,
  personIds: readonly string[],
): Promise<Set<string>> {
  if (personIds.length === 0) return new Set();
  const actors: Actor[] = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(inArray(users.id, [...new Set(personIds)]), eq(users.status, 'ACTIVO')));
  const looked = actors.some((actor) => !readsEverything(actor) && actor.id !== report.userId);
  const above = new Set(looked ? await managersAbove(ctx, report.userId) : []);
  const shared = looked ? await liveSharesOf(ctx, report.id) : new Map<string, SharePermission>();
  // Hearing that a report changed tells what the panel shows of it, a draft's existence included,
  // never its content.
  const readers = actors.filter((actor) =>
    can(actor, 'review:read', {
      id: report.id,
      userId: report.userId,
      status: report.status,
      aboveAuthor: actor.id !== report.userId && above.has(actor.id),
      sharedAs: shared.get(actor.id) ?? null,
    }),
  );
  return new Set(readers.map((actor) => actor.id));
}
