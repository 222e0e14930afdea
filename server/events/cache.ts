import { forgetWritten } from '../plugins/read-cache';
import type { Subscriber } from './announce';
import { declarationOf } from './catalogue';

/**
 * What the events changed of what the read cache keeps, forgotten once the write committed: on this
 * instance before the answer leaves, on the others through NOTIFY (plugins/read-cache.ts).
 */
export const cacheSubscriber: Subscriber = {
  name: 'cache',
  async after(ctx, log, events) {
    // Once each: a write of many people forgets people once.
    const done = new Set<string>();
    for (const event of events) {
      const declared = declarationOf(event);
      const changed = declared.forgets(event);
      const key = JSON.stringify(changed);
      if (changed === null || done.has(key)) continue;
      done.add(key);
      await forgetWritten(ctx, log, changed, event.actor.id);
    }
  },
};
