import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { JobsStatus } from '../../common/schemas/jobs';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { audit } from './audit';

/**
 * The `settings` key that holds scheduled jobs back (an `internal.` key: the organisation's
 * settings never read it). A restored database starts with it: its reminders, digests and queued
 * mail belong to another time, and nothing of it is sent until an administrator has looked and
 * resumes the jobs in Configuración.
 */
export const JOBS_PAUSED_KEY = 'internal.jobsPaused';

const pauseSchema = z.object({
  since: z.iso.datetime(),
  /** Why: the restore of an archive made at `archiveCreatedAt`. */
  reason: z.literal('restore'),
  archiveCreatedAt: z.iso.datetime().nullable(),
});
export type JobsPause = z.infer<typeof pauseSchema>;

/** The pause, or null while jobs run. A value this version cannot read still pauses. */
export async function jobsPause(db: Db): Promise<JobsPause | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, JOBS_PAUSED_KEY));
  if (!row) return null;
  const parsed = pauseSchema.safeParse(row.value);
  return parsed.success
    ? parsed.data
    : { since: row.updatedAt.toISOString(), reason: 'restore', archiveCreatedAt: null };
}

/** Whether this instance's jobs run, are paused (for every instance) or turned off (APPA_JOBS=0). */
export async function jobsStatus(db: Db, config: Pick<Config, 'jobsEnabled'>): Promise<JobsStatus> {
  const pause = await jobsPause(db);
  if (pause)
    return { state: 'paused', pausedSince: pause.since, archiveCreatedAt: pause.archiveCreatedAt };
  return {
    state: config.jobsEnabled ? 'running' : 'disabled',
    pausedSince: null,
    archiveCreatedAt: null,
  };
}

export async function pauseJobs(db: Db, pause: JobsPause): Promise<void> {
  await db
    .insert(settings)
    .values({ key: JOBS_PAUSED_KEY, value: pause, updatedById: null })
    .onConflictDoUpdate({ target: settings.key, set: { value: pause, updatedAt: new Date() } });
}

/** Lifts the pause, audited; answers false (and writes nothing) when jobs were not paused. */
export async function resumeJobs(db: Db, actorId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(settings)
      .where(eq(settings.key, JOBS_PAUSED_KEY))
      .returning({ value: settings.value });
    if (!removed) return false;
    await audit(tx, {
      actorId,
      action: 'admin.jobs_resumed',
      entity: 'system',
      meta: { pause: removed.value },
    });
    return true;
  });
}
