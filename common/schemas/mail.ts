import { z } from 'zod';

export const MAIL_MSG = {
  invalidLimit: 'El límite debe estar entre 1 y 200',
  invalidMessageId: 'Identificador de correo no válido',
  messageNotFound: 'Correo no encontrado',
  invalidQuery: 'Filtros no válidos',
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
