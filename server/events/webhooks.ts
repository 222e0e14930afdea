import { kickWebhooks, queueEvents } from '../services/webhooks';
import type { Subscriber } from './announce';
import { declarationOf, type DomainEvent, type WebhookMessage } from './catalogue';

/**
 * The webhook event of each event, queued for every subscribed endpoint in the write's
 * transaction (services/webhooks.ts); once it committed, this instance sends them.
 */
export const webhookSubscriber: Subscriber = {
  name: 'webhooks',
  async during(db, events) {
    // Events of one type and time in one statement: a bulk import's people.
    const groups = new Map<string, { type: WebhookMessage['type']; at: Date; data: unknown[] }>();
    for (const event of events) {
      const message = declarationOf(event).webhook?.(event);
      if (!message) continue;
      const key = `${message.type} ${event.at.toISOString()}`;
      const group = groups.get(key) ?? { type: message.type, at: event.at, data: [] };
      group.data.push(message.data);
      groups.set(key, group);
    }
    for (const { type, at, data } of groups.values()) {
      await queueEvents(db, type, data as never[], at);
    }
  },
  async after(ctx, log, events) {
    if (events.some(hasWebhook)) kickWebhooks(ctx, log);
  },
};

const hasWebhook = (event: DomainEvent) => Boolean(declarationOf(event).webhook?.(event));
