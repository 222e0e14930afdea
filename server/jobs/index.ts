import { sendAutoReminders } from './auto-reminders';
import { cleanUp } from './cleanup';
import { sendWeeklyDigests } from './digest';
import { deliverMail } from '../services/mail-queue';
import { deliverWebhooks } from '../services/webhooks';
import { sendDailySummaries } from './notification-summary';
import type { Job } from './scheduler';

export { startScheduler } from './scheduler';

const MINUTE = 60_000;

/**
 * The server's scheduled jobs: the mail and webhook queues (also started after each write that
 * queues to them), automatic reminders, the digests and clean-up.
 */
export const JOBS: readonly Job[] = [
  { name: 'mail-queue', everyMs: MINUTE, run: deliverMail },
  { name: 'webhooks', everyMs: MINUTE, run: deliverWebhooks },
  { name: 'notification-summary', everyMs: 5 * MINUTE, run: sendDailySummaries },
  { name: 'auto-reminders', everyMs: MINUTE, run: sendAutoReminders },
  { name: 'weekly-digest', everyMs: 5 * MINUTE, run: sendWeeklyDigests },
  { name: 'cleanup', everyMs: 60 * MINUTE, run: cleanUp },
];
