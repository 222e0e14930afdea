import { z } from 'zod';
import { MSG } from '../messages';

/**
 * Webhooks: the server tells other systems what happened (a report sent, a task done) by POSTing
 * a signed JSON message to the addresses an administrator registered.
 */

/** What an endpoint may subscribe to. `ping` is not among them: it is only ever sent on request. */
export const WEBHOOK_EVENTS = [
  'report.sent',
  'report.reviewed',
  'comment.created',
  'task.created',
  'task.done',
  'user.created',
  'user.suspended',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Every type a delivery may carry: the events, and the test message "Enviar prueba" sends. */
export type WebhookDeliveryType = WebhookEvent | 'ping';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'report.sent': 'APPA enviado',
  'report.reviewed': 'APPA revisado',
  'comment.created': 'Comentario nuevo',
  'task.created': 'Tarea creada',
  'task.done': 'Tarea completada',
  'user.created': 'Usuario creado',
  'user.suspended': 'Usuario suspendido',
};

/** The prefix of every signing secret, as the Standard Webhooks libraries expect it. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_MSG = {
  url: 'Escribe una URL válida que empiece con https:// (hasta 2000 caracteres)',
  httpsOnly: 'La URL debe empezar con https://',
  credentialsInUrl: 'La URL no puede llevar usuario ni contraseña',
  privateAddress:
    'La URL apunta a una dirección local o privada; solo se permiten direcciones públicas',
  description: 'La descripción puede tener hasta 200 caracteres',
  events: 'Elige al menos un evento válido',
  notFound: 'Webhook no encontrado',
  deliveryNotFound: 'Entrega no encontrada',
  invalidQuery: 'Filtros no válidos',
  tooMany: 'Se pueden registrar hasta 20 webhooks',
  created: 'Webhook registrado',
  deleted: 'Webhook eliminado',
  reactivated: 'Webhook reactivado',
  notDisabled: 'El webhook ya está activo',
  disabledCannotPing: 'Reactiva el webhook antes de enviarle una prueba',
  disabledCannotRetry: 'Reactiva el webhook antes de reintentar sus entregas',
  pingQueued: 'Prueba enviada; su resultado aparecerá en las entregas',
  retried: 'La entrega se volverá a enviar en unos momentos.',
  notFailed: 'Solo se puede reintentar una entrega que falló.',
  unknownField: (key: string) => `Campo desconocido: ${key}`,
} as const;

/** At most this many endpoints: each event is one delivery per endpoint. */
export const WEBHOOK_MAX_ENDPOINTS = 20;

/** POST /api/webhooks. The scheme and address rules that depend on the server's configuration are the server's. */
export const createWebhookSchema = z.strictObject(
  {
    url: z
      .string({ error: WEBHOOK_MSG.url })
      .trim()
      .max(2000, WEBHOOK_MSG.url)
      .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MSG.url })),
    /** What the endpoint is for, for the administrators who read the list. */
    description: z
      .string({ error: WEBHOOK_MSG.description })
      .trim()
      .max(200, WEBHOOK_MSG.description)
      .default(''),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MSG.events }), { error: WEBHOOK_MSG.events })
      .min(1, WEBHOOK_MSG.events)
      .max(WEBHOOK_EVENTS.length * 2, WEBHOOK_MSG.events)
      .transform((events) => [...new Set(events)]),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? WEBHOOK_MSG.unknownField(issue.keys[0] ?? '')
        : MSG.invalidInput,
  },
);
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

export const webhookIdSchema = z.uuid({ error: WEBHOOK_MSG.notFound });
export const webhookDeliveryIdSchema = z.uuid({ error: WEBHOOK_MSG.deliveryNotFound });

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABEL: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Pendiente',
  SENT: 'Entregado',
  FAILED: 'Falló',
};

/** One delivery as the panel sees it: never its body. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  /** The event's id, the same in every endpoint's delivery of it. */
  eventId: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** The receiver's last HTTP status; null when it never answered. */
  lastStatusCode: z.number().nullable(),
  /** Why the last try failed, in Spanish, with at most the start of the receiver's answer. */
  lastError: z.string().nullable(),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** One endpoint as the panel sees it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why and when the server stopped sending to it; null while enabled. */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** Tries that failed since the last success. */
  consecutiveFailures: z.number(),
  createdBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  createdAt: z.string(),
  /** The newest delivery, for the list's "último envío". */
  lastDelivery: webhookDeliverySchema.nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookListSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  /** The newest deliveries of every endpoint, failed first. */
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookList = z.infer<typeof webhookListSchema>;

/** The answer to its creation: the only time the secret is shown. */
export const createdWebhookSchema = z.object({
  message: z.string(),
  secret: z.string(),
  endpoint: webhookEndpointSchema,
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookMessageSchema = z.object({ message: z.string() });

export const webhookEndpointResponseSchema = z.object({
  message: z.string(),
  endpoint: webhookEndpointSchema,
});

export const webhookDeliveryResponseSchema = z.object({
  message: z.string(),
  delivery: webhookDeliverySchema,
});
