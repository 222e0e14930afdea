import { sql } from 'drizzle-orm';
import { z } from 'zod';
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
 * What changed, never who or what it says: the screens that hear it refetch what they show, and
 * the server checks what each of them may read.
 */
export const liveEventSchema = z.object({ type: z.enum(LIVE_EVENT_TYPES) });
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
