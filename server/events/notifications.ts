import { notify } from '../services/notifications';
import type { Subscriber } from './announce';
import { declarationOf } from './catalogue';

/**
 * The notifications of each event, once the write committed: recorded for those they concern who
 * may read the report, e-mailed to those who want it at once, their bells rung
 * (services/notifications.ts).
 */
export const notificationSubscriber: Subscriber = {
  name: 'notifications',
  async after(ctx, log, events) {
    for (const event of events) {
      const notifies = declarationOf(event).notifies;
      if (!notifies) continue;
      try {
        for (const news of await notifies(ctx, event)) await notify(ctx, log, news);
      } catch (error) {
        log.error({ err: error, event: event.name }, 'notification not recorded');
      }
    }
  },
};
