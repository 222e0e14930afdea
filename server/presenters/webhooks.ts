import type { WebhookDelivery, WebhookEndpoint } from '../../common/schemas/webhooks';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/schema';

/** The columns of a delivery the panel may see: never its body. */
export type DeliveryFacts = Pick<
  WebhookDeliveryRow,
  | 'id'
  | 'endpointId'
  | 'eventId'
  | 'eventType'
  | 'status'
  | 'attempts'
  | 'lastStatusCode'
  | 'lastError'
  | 'createdAt'
  | 'lastAttemptAt'
  | 'deliveredAt'
  | 'nextAttemptAt'
>;

export function presentWebhookDelivery(row: DeliveryFacts): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

/** What the panel shows of an endpoint: never its secret. */
export function presentWebhookEndpoint(
  row: Omit<WebhookEndpointRow, 'secret'>,
  createdBy: { id: string; fullName: string } | null,
  lastDelivery: DeliveryFacts | null,
): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    consecutiveFailures: row.consecutiveFailures,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: lastDelivery ? presentWebhookDelivery(lastDelivery) : null,
  };
}
