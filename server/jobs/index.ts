import { sendAutoReminders } from './auto-reminders';
import { cleanUp } from './cleanup';
import type { Job } from './scheduler';

export { startScheduler } from './scheduler';

const MINUTE = 60_000;

/** The server's scheduled jobs (issue 7). */
export const JOBS: readonly Job[] = [
  { name: 'auto-reminders', everyMs: MINUTE, run: sendAutoReminders },
  { name: 'cleanup', everyMs: 60 * MINUTE, run: cleanUp },
];
