import { JOBS_MSG, jobsStatusSchema, type JobsStatus } from '../../../common/schemas/jobs';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { jobsStatus, resumeJobs } from '../../services/jobs-pause';

export function jobsRoutes(app: Api, ctx: AppContext) {
  // Whether scheduled jobs run; Configuración shows a notice while they are paused.
  app.get(
    '/api/admin/jobs',
    {
      schema: {
        operationId: 'getJobsStatus',
        summary: 'Leer el estado de las tareas programadas',
        response: { 200: jobsStatusSchema },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<JobsStatus> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'settings:manage');
      return jobsStatus(ctx.db, ctx.config);
    },
  );

  // Lifts the pause a restore sets, for every instance (it lives in the database); audited.
  app.post(
    '/api/admin/jobs/resume',
    // The pause is no setting that reads keep: nothing kept changes.
    {
      schema: {
        operationId: 'resumeJobs',
        summary: 'Reanudar las tareas programadas',
        response: {
          200: jobsStatusSchema,
          ...refusals({ 409: 'Las tareas programadas no están en pausa.' }),
        },
      },
      config: { tokenScope: false, invalidates: false },
    },
    async (request): Promise<JobsStatus> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'settings:manage');
      if (!(await resumeJobs(ctx.db, user.id))) throw conflict(JOBS_MSG.notPaused);
      return jobsStatus(ctx.db, ctx.config);
    },
  );
}
