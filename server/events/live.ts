import { publishLive } from '../services/live';
import type { Subscriber } from './announce';
import { declarationOf } from './catalogue';

/**
 * The live event of each event, once the write committed: every instance sends it on to the open
 * screens of those who may read its report (plugins/live.ts).
 */
export const liveSubscriber: Subscriber = {
  name: 'live',
  async after(ctx, log, events) {
    for (const event of events) {
      const live = declarationOf(event).live?.(event);
      if (!live) continue;
      try {
        await publishLive(ctx.db, live);
      } catch (error) {
        // The write succeeded; screens still refresh on focus.
        log.warn({ err: error }, 'live event not published');
      }
    }
  },
};
