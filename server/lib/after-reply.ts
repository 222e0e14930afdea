import type { FastifyBaseLogger } from 'fastify';

const running = new Set<Promise<void>>();

/**
 * Runs `task` without the answer waiting for it: work whose duration would tell the caller
 * something (whether an address has an account) or that the caller must not wait for. A failure
 * is logged, never thrown; the server waits for what is still running before it closes.
 */
export function afterReply(
  log: Pick<FastifyBaseLogger, 'error'>,
  name: string,
  task: () => Promise<void>,
) {
  const done: Promise<void> = task()
    .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
    .finally(() => running.delete(done));
  running.add(done);
}

/** Resolves once every task started so far, and any they started, has finished. */
export async function settleAfterReply(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
