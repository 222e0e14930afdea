import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SUBMISSION_STATUSES } from '../../common/roles';
import type { Database } from '../db/client';

/** The PostgreSQL channel every instance listens on, so an event reaches every instance's browsers. */
export const LIVE_CHANNEL = 'appa_events';

export const LIVE_EVENT_TYPES = [
  'report.saved',
  'report.sent',
  'report.marked_submitted',
  'report.reviewed',
  'report.commented',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/**
 * What changed and which report it is about, as instances pass it on: each instance tells a stream
 * only about reports its user may read (policies/report.ts), and tells it only the type, never
 * what the report says; the screens that hear it refetch what they show.
 */
export const reportEventSchema = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  report: z.object({
    id: z.uuid(),
    userId: z.uuid(),
    status: z.enum(SUBMISSION_STATUSES),
  }),
});
export type ReportEvent = z.infer<typeof reportEventSchema>;

/** New notifications for these people: their bells refetch. It says nothing else. */
export const notificationEventSchema = z.object({
  type: z.literal('notification.created'),
  userIds: z.array(z.uuid()),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

export const liveEventSchema = z.union([reportEventSchema, notificationEventSchema]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** Tells every instance (through NOTIFY), this one included, of `event`. */
export async function publishLive(db: Database['db'], event: LiveEvent) {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}

export interface LiveHub {
  /** Tells every instance (through NOTIFY); it reaches this instance's listeners the same way. */
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * `onResumed` runs when the hub listens again after its connection dropped: the events sent
 * meanwhile were missed.
 */
export async function createLiveHub(database: Database, onResumed?: () => void): Promise<LiveHub> {
  const listeners = new Set<(event: LiveEvent) => void>();
  const stop = await database.listen(
    LIVE_CHANNEL,
    (payload) => {
      let event: LiveEvent;
      try {
        event = liveEventSchema.parse(JSON.parse(payload));
      } catch {
        return;
      }
      for (const listener of listeners) listener(event);
    },
    onResumed,
  );
  return {
    publish: (event) => publishLive(database.db, event),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await stop();
    },
  };
}
