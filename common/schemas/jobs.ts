import { z } from 'zod';

/**
 * Scheduled jobs (automatic reminders, digests, daily summaries, clean-up, mail delivery):
 * GET /api/admin/jobs and POST /api/admin/jobs/resume (ADMIN), and the `jobs` of GET /api/ready.
 */
export const JOBS_STATES = ['running', 'paused', 'disabled'] as const;
export const jobsStateSchema = z.enum(JOBS_STATES);
export type JobsState = z.infer<typeof jobsStateSchema>;

export const jobsStatusSchema = z.object({
  /**
   * `paused`: a restored database, until an administrator resumes them; `disabled`: this
   * instance was started with APPA_JOBS=0.
   */
  state: jobsStateSchema,
  /** When the pause began (the restore), ISO; null unless paused. */
  pausedSince: z.string().nullable(),
  /** When the restored archive was made, ISO; null unless paused by a restore. */
  archiveCreatedAt: z.string().nullable(),
});
export type JobsStatus = z.infer<typeof jobsStatusSchema>;

export const JOBS_MSG = {
  resumed: 'Tareas programadas reanudadas',
  notPaused: 'Las tareas programadas no están en pausa.',
} as const;

/** GET /api/ready: ready, and whether scheduled jobs run (an instance that is ready may hold them). */
export const readyResponseSchema = z.object({ status: z.string(), jobs: jobsStateSchema });
