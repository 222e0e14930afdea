import { auditEvents } from '../services/audit';
import type { Subscriber } from './announce';
import { declarationOf } from './catalogue';

/** The audit row of each event, in the write's transaction: the log shows what was saved. */
export const auditSubscriber: Subscriber = {
  name: 'audit',
  async during(db, events) {
    await auditEvents(
      db,
      events.flatMap((event) => declarationOf(event).audit?.(event) ?? []),
    );
  },
};
