import { sendAutoReminders } from './auto-reminders';
import { cleanUp } from './cleanup';
import { sendWeeklyDigests } from './digest';
import type { Job } from './scheduler';

export { startScheduler } from './scheduler';

const MINUTE = 60_000;

/** The server's scheduled jobs: automatic reminders, the digest and clean-up. */
export const JOBS: readonly Job[] = [
  { name: 'auto-reminders', everyMs: MINUTE, run: sendAutoReminders },
  { name: 'weekly-digest', everyMs: 5 * MINUTE, run: sendWeeklyDigests },
  { name: 'cleanup', everyMs: 60 * MINUTE, run: cleanUp },
];
