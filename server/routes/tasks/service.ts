import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TASK_ASSIGNEE_ROLES, type TaskStatus } from '../../../common/roles';
import {
  OPEN_TASK_STATUSES,
  PANEL_MSG,
  TASK_TRANSITIONS,
  type CreateTask,
  type PersonRef,
  type ReviewTask,
} from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { appaSubmissions, reviewTasks, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { taskAbilities } from '../../policies/task';
import { presentTask } from '../../presenters/panel';
import { announce, announcing } from '../../events/announce';
import type { Person, ReportAbout } from '../../events/catalogue';
import { spanishOrder } from '../../db/spanish-order';
import { loadWithReport } from '../../domain/reports';

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');
const author = alias(users, 'author');

/** The tasks matching `where`, each with what `viewer` may do with it. */
async function loadTasks(
  ctx: AppContext,
  viewer: Actor,
  where: SQL | undefined,
): Promise<ReviewTask[]> {
  const rows = await ctx.db
    .select({
      task: reviewTasks,
      assigneeName: assignee.fullName,
      creatorName: creator.fullName,
      authorName: author.fullName,
      weekStart: appaSubmissions.weekStart,
    })
    .from(reviewTasks)
    .innerJoin(assignee, eq(assignee.id, reviewTasks.assignedToId))
    .innerJoin(creator, eq(creator.id, reviewTasks.createdById))
    .innerJoin(appaSubmissions, eq(appaSubmissions.id, reviewTasks.submissionId))
    .innerJoin(author, eq(author.id, appaSubmissions.userId))
    .where(where)
    // Soonest due first (undated last), then oldest.
    .orderBy(
      sql`${reviewTasks.dueDate} asc nulls last`,
      asc(reviewTasks.createdAt),
      asc(reviewTasks.id),
    );
  return rows.map((row) => ({ ...presentTask(row), abilities: taskAbilities(viewer, row.task) }));
}

async function loadTask(ctx: AppContext, viewer: Actor, id: string): Promise<ReviewTask> {
  const [task] = await loadTasks(ctx, viewer, eq(reviewTasks.id, id));
  if (!task) throw notFound(PANEL_MSG.taskNotFound);
  return task;
}

export function listSubmissionTasks(ctx: AppContext, viewer: Actor, submissionId: string) {
  return loadTasks(ctx, viewer, eq(reviewTasks.submissionId, submissionId));
}

/** 'Mis tareas': the caller's tasks still PENDIENTE or EN_PROGRESO. */
export function listMyOpenTasks(ctx: AppContext, user: Actor) {
  return loadTasks(
    ctx,
    user,
    and(
      eq(reviewTasks.assignedToId, user.id),
      inArray(reviewTasks.status, [...OPEN_TASK_STATUSES]),
    ),
  );
}

/** What the status permission needs of a task; 404 when there is none. */
export function loadTaskRef(ctx: AppContext, id: string) {
  const fields = {
    id: reviewTasks.id,
    assignedToId: reviewTasks.assignedToId,
    createdById: reviewTasks.createdById,
    status: reviewTasks.status,
  };
  return loadWithReport(ctx, reviewTasks, fields, id, PANEL_MSG.taskNotFound);
}

/**
 * Who may be given a task: the active ADMIN and CONSEJO users, by name, after the report's author
 * (`authorId`) while they are active.
 */
export async function listAssignees(ctx: AppContext, authorId: string): Promise<PersonRef[]> {
  const rows = await ctx.db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.status, 'ACTIVO'), mayBeAssigned(authorId)))
    .orderBy(...spanishOrder(users.fullName), asc(users.id));
  const author = rows.filter((r) => r.id === authorId);
  return [...author, ...rows.filter((r) => r.id !== authorId)];
}

/** The rule of who may be given a task about a report by `authorId`, as a condition on users. */
function mayBeAssigned(authorId: string) {
  return or(inArray(users.role, [...TASK_ASSIGNEE_ROLES]), eq(users.id, authorId));
}

/**
 * A task about `report`, assigned to an active ADMIN or CONSEJO user or to the report's author
 * (a follow-up for them to do).
 */
export async function createTask(
  ctx: AppContext,
  log: FastifyBaseLogger,
  actor: Actor & Person,
  report: ReportAbout,
  input: CreateTask,
): Promise<ReviewTask> {
  const [assignable] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, input.assignedToId),
        eq(users.status, 'ACTIVO'),
        mayBeAssigned(report.userId),
      ),
    )
    .limit(1);
  if (!assignable) throw badRequest(PANEL_MSG.taskAssigneeRole);

  const now = ctx.clock();
  const saved = await announcing(ctx, log, async (tx) => {
    const [row] = await tx
      .insert(reviewTasks)
      .values({ ...input, createdById: actor.id, createdAt: now, updatedAt: now })
      .returning({ id: reviewTasks.id, title: reviewTasks.title });
    if (!row) throw new Error('task not inserted');
    await announce(tx, {
      name: 'task.created',
      actor,
      report,
      task: { ...row, assignedToId: input.assignedToId },
      at: now,
    });
    return row;
  });
  return loadTask(ctx, actor, saved.id);
}

/** Moves a task along TASK_TRANSITIONS; completedAt is the server's time of COMPLETADA. */
export async function changeTaskStatus(
  ctx: AppContext,
  log: FastifyBaseLogger,
  actor: Actor & Person,
  task: { id: string; status: TaskStatus; createdById: string; report: ReportAbout },
  status: TaskStatus,
): Promise<ReviewTask> {
  if (!TASK_TRANSITIONS[task.status].includes(status)) {
    throw conflict(PANEL_MSG.taskTransition(task.status, status));
  }
  const now = ctx.clock();
  await announcing(ctx, log, async (tx) => {
    const [saved] = await tx
      .update(reviewTasks)
      .set({ status, updatedAt: now, completedAt: status === 'COMPLETADA' ? now : null })
      // Someone else moved it meanwhile: the move is judged again from where it is now.
      .where(and(eq(reviewTasks.id, task.id), eq(reviewTasks.status, task.status)))
      .returning({ id: reviewTasks.id, title: reviewTasks.title });
    if (!saved) throw conflict(PANEL_MSG.taskTransition(task.status, status));
    await announce(tx, {
      name: 'task.status_changed',
      actor,
      report: task.report,
      task: { ...saved, createdById: task.createdById },
      from: task.status,
      to: status,
      at: now,
    });
  });
  return loadTask(ctx, actor, task.id);
}
