import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';

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

  const tick = async () => {
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
