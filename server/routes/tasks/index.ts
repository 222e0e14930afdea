import { z } from 'zod';
import {
  createTaskSchema,
  PANEL_MSG,
  personRefSchema,
  reviewTaskSchema,
  taskAssigneesQuerySchema,
  taskStatusSchema,
  type PersonRef,
  type ReviewTask,
} from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { requireAuth } from '../../plugins/auth';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { notFound } from '../../lib/errors';
import { authorize, authorizeOrHide } from '../../policies';
import { loadReportRef } from '../../domain/reports';
import {
  changeTaskStatus,
  createTask,
  listAssignees,
  listMyOpenTasks,
  listSubmissionTasks,
  loadTaskRef,
} from './service';

const reportParams = z.object({ id: z.uuid(PANEL_MSG.reportNotFound) });
const taskParams = z.object({ id: z.uuid(PANEL_MSG.taskNotFound) });

/**
 * Review tasks: created by reviewers, assigned to ADMIN or CONSEJO or to the report's author, moved
 * by assignee or creator.
 */
export function taskRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/review-tasks/mine',
    {
      schema: {
        operationId: 'listMyTasks',
        summary: 'Listar mis tareas',
        response: { 200: z.array(reviewTaskSchema) },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<ReviewTask[]> => {
      const { user } = requireAuth(request);
      return listMyOpenTasks(ctx, user);
    },
  );

  // The assignee list of 'Crear Tarea de Revisión' for one report, its author first while active:
  // only for whoever may create tasks on it. Anyone else is told the report does not exist, so the
  // list of administrators and board members reaches nobody who could not assign them a task.
  app.get(
    '/api/review-tasks/assignees',
    {
      schema: {
        operationId: 'listTaskAssignees',
        summary: 'Listar a quién se puede asignar una tarea',
        querystring: taskAssigneesQuerySchema,
        response: { 200: z.array(personRefSchema) },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<PersonRef[]> => {
      const { user } = requireAuth(request);
      const report = await loadReportRef(ctx, request.query.submissionId);
      const hidden = notFound(PANEL_MSG.reportNotFound);
      await authorizeOrHide(ctx, user, 'report:review', hidden, report);
      return listAssignees(ctx, report.userId);
    },
  );

  app.get(
    '/api/review-tasks/submission/:id',
    {
      schema: {
        operationId: 'listReportTasks',
        summary: 'Listar las tareas de un reporte',
        params: reportParams,
        response: { 200: z.array(reviewTaskSchema) },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<ReviewTask[]> => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      await authorize(ctx, user, 'review:read', await loadReportRef(ctx, id));
      return listSubmissionTasks(ctx, user, id);
    },
  );

  app.post(
    '/api/review-tasks',
    {
      schema: {
        operationId: 'createTask',
        summary: 'Crear una tarea',
        body: createTaskSchema,
        response: { 201: reviewTaskSchema },
      },
      config: { tokenScope: false, announces: ['task.created'] },
    },
    async (request, reply): Promise<ReviewTask> => {
      const { user } = requireAuth(request);
      const input = request.body;
      const report = await loadReportRef(ctx, input.submissionId);
      await authorize(ctx, user, 'report:review', report);
      const task = await createTask(ctx, request.log, user, report, input);
      reply.code(201);
      return task;
    },
  );

  app.patch(
    '/api/review-tasks/:id/status',
    {
      schema: {
        operationId: 'setTaskStatus',
        summary: 'Cambiar el estado de una tarea',
        params: taskParams,
        body: taskStatusSchema,
        response: {
          200: reviewTaskSchema,
          ...refusals({ 409: 'La tarea no puede pasar a ese estado desde el que tiene.' }),
        },
      },
      config: { tokenScope: false, announces: ['task.status_changed'] },
    },
    async (request): Promise<ReviewTask> => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const { status } = request.body;
      const task = await loadTaskRef(ctx, id);
      await authorize(ctx, user, 'task:update', task);
      return changeTaskStatus(ctx, request.log, user, task, status);
    },
  );
}
