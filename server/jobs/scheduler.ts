import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { jobsPause } from '../services/jobs-pause';

export interface Job {
  name: string;
  /** How often it runs; a failed run is tried again at the next tick. */
  everyMs: number;
  run(ctx: AppContext, log: FastifyBaseLogger): Promise<unknown>;
}

/** One run of a job, as the metrics keep it: when it started, how long it took, how it ended. */
export interface JobRun {
  job: string;
  startedAt: Date;
  seconds: number;
  ok: boolean;
}

/**
 * Runs the jobs inside the server process: every `tickMs` each job whose time has come runs, one
 * after the other. A job that throws is logged and retried at the next tick; it never stops the
 * server or the other jobs. Correctness with several instances is each job's own (see them).
 * While jobs are paused (a restored database, until an administrator resumes them) a tick runs
 * nothing; the first tick after the pause is lifted runs every job.
 */
export function startScheduler(
  ctx: AppContext,
  log: FastifyBaseLogger,
  jobs: readonly Job[],
  tickMs = 60_000,
  /** Told of every run, its failures included. */
  onRun: (run: JobRun) => void = () => {},
) {
  const lastRun = new Map<string, number>();
  let running: Promise<void> | null = null;

  let pausedSaid = false;
  const paused = async () => {
    try {
      const pause = await jobsPause(ctx.db);
      if (pause && !pausedSaid)
        log.warn(
          { pausedSince: pause.since },
          'Tareas programadas en pausa tras restaurar un respaldo: un administrador las reanuda en Configuración',
        );
      pausedSaid = pause !== null;
      return pause !== null;
    } catch (error) {
      // Unable to tell: nothing is sent rather than something that should not be.
      log.error({ err: error }, 'could not read whether jobs are paused; skipping this tick');
      return true;
    }
  };

  const tick = async () => {
    if (await paused()) return;
    for (const job of jobs) {
      const now = ctx.clock().getTime();
      const last = lastRun.get(job.name);
      if (last !== undefined && now - last < job.everyMs) continue;
      const started = performance.now();
      let ok = true;
      try {
        await job.run(ctx, log);
        lastRun.set(job.name, now);
      } catch (error) {
        ok = false;
        log.error({ err: error, job: job.name }, 'scheduled job failed; retrying at the next tick');
      }
      const seconds = (performance.now() - started) / 1000;
      onRun({ job: job.name, startedAt: new Date(now), seconds, ok });
    }
  };
  const runOnce = () => {
    // A slow tick (a large reminder run) is never overlapped by the next one.
    running ??= tick().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void runOnce(), tickMs);
  timer.unref();
  void runOnce();
  return {
    /** Runs the due jobs now (tests, and the first tick at start). */
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
