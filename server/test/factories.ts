import { weekFromStart, weekOf } from '../../common/week';
import {
  appaSubmissions,
  lateralSharing,
  reviewComments,
  reviewNotes,
  reviewTasks,
  type ReviewNoteRow,
  type SubmissionRow,
  type UserRow,
} from '../db/schema';
import { buildUser, TestClock, type TestApp } from './helper';

/**
 * Factories for what hangs from a user: each takes the test app (only its database is used) and
 * the fields that matter to the test; everything else gets a sensible default, and what the
 * database defaults (a report's status, a task's priority...) is left to the database. They write
 * behind the server's back: a test that already read the cached week calls
 * `t.ctx.readCache.invalidate()` after them.
 */

type Db = Pick<TestApp, 'db'>;
type Ref = Pick<UserRow, 'id'>;
type CommentRow = typeof reviewComments.$inferSelect;
type TaskRow = typeof reviewTasks.$inferSelect;
type ShareRow = typeof lateralSharing.$inferSelect;

/** The week of the test clock before any test moves it: Monday 2026-11-16. */
const CLOCK_WEEK = weekOf(new TestClock().now()).weekStart;

function inserted<T>(row: T | undefined): T {
  if (!row) throw new Error('the insert returned no row');
  return row;
}

/**
 * A report: `buildReport(t, { user, weekStart, status: 'ENVIADO', kpiMetaPct: 80 })`. By default
 * a new USER's draft of the test clock's week. A sent report was sent on its Monday at 15:00 UTC
 * (the default deadline, 10:00 in Lima) unless `submittedAt` says otherwise.
 */
export async function buildReport(
  t: Db,
  overrides: Partial<Omit<SubmissionRow, 'userId'>> & { user?: Ref } = {},
): Promise<SubmissionRow> {
  const { user, ...fields } = overrides;
  const weekStart = fields.weekStart ?? CLOCK_WEEK;
  const [row] = await t.db
    .insert(appaSubmissions)
    .values({
      userId: (user ?? (await buildUser(t))).id,
      weekEnd: weekFromStart(weekStart).weekEnd,
      submittedAt: fields.status === 'ENVIADO' ? new Date(`${weekStart}T15:00:00Z`) : null,
      ...fields,
      weekStart,
    })
    .returning();
  return inserted(row);
}

/** A sent report of the test clock's week, for what needs one and does not care whose. */
const anySentReport = (t: Db) => buildReport(t, { status: 'ENVIADO' });

/** A review comment; by default a new CONSEJO member's, on a new sent report. */
export async function buildComment(
  t: Db,
  overrides: Partial<Omit<CommentRow, 'submissionId' | 'reviewerId'>> & {
    report?: Pick<SubmissionRow, 'id'>;
    reviewer?: Ref;
  } = {},
): Promise<CommentRow> {
  const { report, reviewer, ...fields } = overrides;
  const [row] = await t.db
    .insert(reviewComments)
    .values({
      submissionId: (report ?? (await anySentReport(t))).id,
      reviewerId: (reviewer ?? (await buildUser(t, { role: 'CONSEJO' }))).id,
      comment: 'Buen avance',
      ...fields,
    })
    .returning();
  return inserted(row);
}

/** A reviewer's notes on a report; by default a new CONSEJO member's, on a new sent report. */
export async function buildReviewNote(
  t: Db,
  overrides: Partial<Omit<ReviewNoteRow, 'submissionId' | 'authorId'>> & {
    report?: Pick<SubmissionRow, 'id'>;
    author?: Ref;
  } = {},
): Promise<ReviewNoteRow> {
  const { report, author, ...fields } = overrides;
  const [row] = await t.db
    .insert(reviewNotes)
    .values({
      submissionId: (report ?? (await anySentReport(t))).id,
      authorId: (author ?? (await buildUser(t, { role: 'CONSEJO' }))).id,
      notes: 'Buen avance',
      ...fields,
    })
    .returning();
  return inserted(row);
}

/**
 * A review task; by default on a new sent report, assigned to a new CONSEJO member by a new
 * administrator.
 */
export async function buildTask(
  t: Db,
  overrides: Partial<Omit<TaskRow, 'submissionId' | 'assignedToId' | 'createdById'>> & {
    report?: Pick<SubmissionRow, 'id'>;
    assignedTo?: Ref;
    createdBy?: Ref;
  } = {},
): Promise<TaskRow> {
  const { report, assignedTo, createdBy, ...fields } = overrides;
  const [row] = await t.db
    .insert(reviewTasks)
    .values({
      submissionId: (report ?? (await anySentReport(t))).id,
      assignedToId: (assignedTo ?? (await buildUser(t, { role: 'CONSEJO' }))).id,
      createdById: (createdBy ?? (await buildUser(t, { role: 'ADMIN' }))).id,
      title: 'Revisar el KPI',
      ...fields,
    })
    .returning();
  return inserted(row);
}

/**
 * A share of a report by its author; by default a new LIDER's sent report, shared with another new
 * LIDER.
 */
export async function buildShare(
  t: Db,
  overrides: Partial<Omit<ShareRow, 'submissionId' | 'sharedById' | 'sharedWithId'>> & {
    report?: Pick<SubmissionRow, 'id' | 'userId'>;
    sharedWith?: Ref;
  } = {},
): Promise<ShareRow> {
  const { report, sharedWith, ...fields } = overrides;
  const shared =
    report ??
    (await buildReport(t, { user: await buildUser(t, { role: 'LIDER' }), status: 'ENVIADO' }));
  const [row] = await t.db
    .insert(lateralSharing)
    .values({
      submissionId: shared.id,
      sharedById: shared.userId,
      sharedWithId: (sharedWith ?? (await buildUser(t, { role: 'LIDER' }))).id,
      ...fields,
    })
    .returning();
  return inserted(row);
}

/**
 * The body of POST /api/appa, for tests that write through the API: `reportBody('ENVIADO')`, or
 * with the fields that matter, `reportBody('BORRADOR', { avances: 'Primera versión' })`.
 */
export function reportBody(status: 'BORRADOR' | 'ENVIADO', fields: Record<string, unknown> = {}) {
  return {
    avances: 'Avance de la semana',
    planes: 'Planes',
    problemas: '',
    ayuda: '',
    kpiNombre: '',
    kpiMetaPct: null,
    kpiLogroPct: null,
    status,
    files: [],
    ...fields,
  };
}
