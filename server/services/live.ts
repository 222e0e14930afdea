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
export const liveEventSchema = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  report: z.object({
    id: z.uuid(),
    userId: z.uuid(),
    status: z.enum(SUBMISSION_STATUSES),
  }),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

export interface LiveHub {
  /** Tells every instance (through NOTIFY); it reaches this instance's listeners the same way. */
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

export async function createLiveHub(database: Database): Promise<LiveHub> {
  const listeners = new Set<(event: LiveEvent) => void>();
  const stop = await database.listen(LIVE_CHANNEL, (payload) => {
    let event: LiveEvent;
    try {
      event = liveEventSchema.parse(JSON.parse(payload));
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  });
  return {
    async publish(event) {
      await database.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
    },
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
