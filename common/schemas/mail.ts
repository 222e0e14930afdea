import { z } from 'zod';

export const MAIL_MSG = {
  invalidLimit: 'El límite debe estar entre 1 y 200',
  invalidMessageId: 'Identificador de correo no válido',
  messageNotFound: 'Correo no encontrado',
  invalidQuery: 'Filtros no válidos',
  retried: 'El correo se volverá a enviar en unos momentos.',
  notFailed: 'Solo se puede reintentar un correo que falló.',
} as const;

export const OUTBOX_LIMIT_DEFAULT = 50;
export const OUTBOX_LIMIT_MAX = 200;

/**
 * The file name the outbox mailer writes: an ISO instant with `:` and `.` replaced by `-`, a short
 * random suffix and `.eml`. Nothing else is accepted, so an id can never leave the outbox folder.
 */
export const OUTBOX_ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/;

/** GET /api/mail/outbox (ADMIN) query. */
export const outboxQuerySchema = z.strictObject(
  {
    limit: z.coerce
      .number({ error: MAIL_MSG.invalidLimit })
      .int(MAIL_MSG.invalidLimit)
      .min(1, MAIL_MSG.invalidLimit)
      .max(OUTBOX_LIMIT_MAX, MAIL_MSG.invalidLimit)
      .default(OUTBOX_LIMIT_DEFAULT),
  },
  { error: MAIL_MSG.invalidQuery },
);

export const outboxIdSchema = z
  .string({ error: MAIL_MSG.invalidMessageId })
  .regex(OUTBOX_ID, MAIL_MSG.invalidMessageId);

export const outboxSummarySchema = z.object({
  /** The .eml file name. */
  id: z.string(),
  /** ISO 8601, UTC: the message's Date header, or the file's time when it has none. */
  date: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The first characters of the text, on one line. */
  preview: z.string(),
});
export type OutboxSummary = z.infer<typeof outboxSummarySchema>;

export const outboxResponseSchema = z.object({
  /** False when mail goes through SMTP: there is no outbox to show. */
  enabled: z.boolean(),
  /** Newest first. */
  messages: z.array(outboxSummarySchema),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

export const outboxMessageSchema = z.object({
  id: z.string(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** What a queued message is, as the panel names it (MAIL_KIND_LABEL). */
export const MAIL_KINDS = [
  'credentials',
  'magic_link',
  'email_verification',
  'registration_notice',
  'reminder',
  'auto_reminder',
  'digest',
  'notification',
  'notification_summary',
  'webhook_disabled',
  'api_tokens_revoked',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABEL: Record<MailKind, string> = {
  credentials: 'Credenciales',
  magic_link: 'Enlace de acceso',
  email_verification: 'Confirmación de correo',
  registration_notice: 'Aviso de registro',
  reminder: 'Recordatorio',
  auto_reminder: 'Recordatorio automático',
  digest: 'Resumen semanal',
  notification: 'Notificación',
  notification_summary: 'Resumen diario',
  webhook_disabled: 'Webhook desactivado',
  api_tokens_revoked: 'Tokens revocados',
};

export const MAIL_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABEL: Record<MailStatus, string> = {
  PENDING: 'Pendiente',
  SENT: 'Enviado',
  FAILED: 'Falló',
};

export const QUEUE_LIMIT_DEFAULT = 50;

/** GET /api/mail/queue (ADMIN) query: how many recent messages, failed first. */
export const mailQueueQuerySchema = z.strictObject(
  {
    limit: z.coerce
      .number({ error: MAIL_MSG.invalidLimit })
      .int(MAIL_MSG.invalidLimit)
      .min(1, MAIL_MSG.invalidLimit)
      .max(OUTBOX_LIMIT_MAX, MAIL_MSG.invalidLimit)
      .default(QUEUE_LIMIT_DEFAULT),
  },
  { error: MAIL_MSG.invalidQuery },
);

export const mailIdSchema = z.uuid({ error: MAIL_MSG.invalidMessageId });

/** One queued message as the panel sees it: never its body, which may carry a secret. */
export const mailQueueEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.enum(MAIL_KINDS),
  status: z.enum(MAIL_STATUSES),
  /** Tries so far. */
  attempts: z.number(),
  /** Why the last try failed (addresses' credentials removed); null after a success. */
  lastError: z.string().nullable(),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When a PENDING message is tried next. */
  nextAttemptAt: z.string(),
});
export type MailQueueEntry = z.infer<typeof mailQueueEntrySchema>;

export const mailQueueResponseSchema = z.object({
  /** How mail leaves: an SMTP server, or the outbox folder. */
  transport: z.enum(['smtp', 'outbox']),
  /** How many are waiting and how many failed, over the whole queue. */
  counts: z.object({ pending: z.number(), failed: z.number() }),
  /** Failed first, then the newest. */
  messages: z.array(mailQueueEntrySchema),
});
export type MailQueueResponse = z.infer<typeof mailQueueResponseSchema>;

export const retryMailResponseSchema = z.object({
  message: z.string(),
  entry: mailQueueEntrySchema,
});
export type RetryMailResponse = z.infer<typeof retryMailResponseSchema>;
