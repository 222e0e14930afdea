import { z } from 'zod';
import { REMINDER_TYPES } from '../roles';
import { mondaySchema } from './dates';

export const REMINDER_MSG = {
  invalidType: 'Tipo de destinatarios no válido',
  userIdsRequired: 'Selecciona al menos un usuario',
  invalidUserId: 'Identificador de usuario no válido',
  tooManyUsers: 'Se pueden seleccionar como máximo 5000 usuarios',
  subjectRequired: 'El asunto es requerido',
  subjectTooLong: 'El asunto no puede tener más de 200 caracteres',
  messageRequired: 'El mensaje es requerido',
  messageTooLong: 'El mensaje no puede tener más de 5000 caracteres',
  invalidWeek: 'La semana debe empezar un lunes (formato AAAA-MM-DD)',
  invalidLimit: 'El límite debe estar entre 1 y 200',
  noActiveRecipients: 'Ninguno de los usuarios seleccionados está activo',
  noPendingRecipients: 'No hay destinatarios pendientes',
  noRecipients: 'No hay usuarios activos que deban enviar APPA',
  invalidInsist: 'El valor de «insistir» no es válido',
  /** Added after the spec's sentence when someone was left out. */
  skipped: (n: number) => `${n} ${n === 1 ? 'persona omitida' : 'personas omitidas'}`,
  /** The spec's wording; the failures, if any, are added after it. */
  sent: (n: number, failed = 0) =>
    `Se enviaron ${n} recordatorios exitosamente` +
    (failed > 0 ? `; ${failed} no se ${failed === 1 ? 'pudo' : 'pudieron'} enviar` : ''),
} as const;

export const DEFAULT_REMINDER_SUBJECT = 'Recordatorio: Envía tu APPA semanal';
export const DEFAULT_REMINDER_MESSAGE =
  'Hola {nombre},\n\nTe recordamos enviar tu APPA de esta semana. Puedes hacerlo desde tu enlace personal: {enlace}\n\nGracias.';

export const MAX_REMINDER_RECIPIENTS = 5000;
export const REMINDER_HISTORY_LIMIT_DEFAULT = 50;
export const REMINDER_HISTORY_LIMIT_MAX = 200;

export const RECIPIENT_TYPES = ['pending', 'all', 'specific'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

const weekStart = mondaySchema(REMINDER_MSG.invalidWeek);

/** Hours within which someone already reminded is not reminded again, unless the sender insists. */
export const REMINDER_QUIET_HOURS = 12;

/** Why someone the sender chose is not reminded. */
export const SKIP_REASONS = ['recent', 'absent', 'unavailable'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  recent: `Ya recibió un recordatorio en las últimas ${REMINDER_QUIET_HOURS} horas`,
  absent: 'Está ausente esta semana',
  unavailable: 'No está activo o no pertenece a tu área',
};

const recipientFields = {
  /** 'pending': expected authors with no ENVIADO report for the week; 'all': every author. */
  type: z.enum(RECIPIENT_TYPES, { error: REMINDER_MSG.invalidType }),
  /** Only read when type is 'specific'; unknown or suspended ids are skipped. */
  userIds: z
    .array(z.uuid({ error: REMINDER_MSG.invalidUserId }), { error: REMINDER_MSG.invalidUserId })
    .max(MAX_REMINDER_RECIPIENTS, REMINDER_MSG.tooManyUsers)
    .optional()
    .default([]),
  /** The week reminded of; the organisation's current week when absent. */
  weekStart: weekStart.optional(),
};
const hasIdsWhenSpecific = (body: { type: RecipientType; userIds: string[] }) =>
  body.type !== 'specific' || body.userIds.length > 0;
const idsRequired = () => ({ path: ['userIds'], error: REMINDER_MSG.userIdsRequired });

/**
 * POST /api/reminders/preview: who a reminder would reach, and who it would skip and why, before
 * the sender confirms. Administrators choose among everyone; a VP, manager or leader among the
 * people below them.
 */
export const previewRemindersSchema = z
  .object(recipientFields)
  .refine(hasIdsWhenSpecific, idsRequired());
export type PreviewRemindersInput = z.input<typeof previewRemindersSchema>;

/** A person as a reminder's confirmation lists them. */
const reminderPersonSchema = z.object({ id: z.string(), fullName: z.string() });
/** Someone not reminded; no name for an id the sender may not know of. */
export const skippedRecipientSchema = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  reason: z.enum(SKIP_REASONS),
});
export type SkippedRecipient = z.infer<typeof skippedRecipientSchema>;

export const previewRemindersResponseSchema = z.object({
  weekStart: z.string(),
  /** Who the reminder reaches as it stands (without insisting), by name. */
  recipients: z.array(reminderPersonSchema),
  /** Who it skips and why; those reminded lately are reached when the sender insists. */
  skipped: z.array(skippedRecipientSchema),
});
export type PreviewRemindersResponse = z.infer<typeof previewRemindersResponseSchema>;

/**
 * POST /api/reminders/send: the reminder itself. Administrators write its subject and message; a
 * VP, manager or leader reminding their people sends the organisation's standard reminder (what
 * they write is not used).
 */
export const sendRemindersSchema = z
  .object({
    ...recipientFields,
    /** The placeholders {nombre} and {enlace} are filled per person. */
    subject: z
      .string({ error: REMINDER_MSG.subjectRequired })
      .trim()
      .min(1, REMINDER_MSG.subjectRequired)
      .max(200, REMINDER_MSG.subjectTooLong),
    message: z
      .string({ error: REMINDER_MSG.messageRequired })
      .trim()
      .min(1, REMINDER_MSG.messageRequired)
      .max(5000, REMINDER_MSG.messageTooLong),
    /** Remind also those reminded within the last hours (REMINDER_QUIET_HOURS). */
    insist: z.boolean({ error: REMINDER_MSG.invalidInsist }).optional().default(false),
  })
  .refine(hasIdsWhenSpecific, idsRequired());
export type SendRemindersInput = z.input<typeof sendRemindersSchema>;

export const sendRemindersResponseSchema = z.object({
  /** How many e-mails actually went out. */
  sent: z.number().int(),
  message: z.string(),
  /** Who was not reminded, and why. */
  skipped: z.array(skippedRecipientSchema),
});
export type SendRemindersResponse = z.infer<typeof sendRemindersResponseSchema>;

/** GET /api/reminders (ADMIN) query: newest first. */
export const reminderHistoryQuerySchema = z.object({
  weekStart: weekStart.optional(),
  limit: z.coerce
    .number({ error: REMINDER_MSG.invalidLimit })
    .int(REMINDER_MSG.invalidLimit)
    .min(1, REMINDER_MSG.invalidLimit)
    .max(REMINDER_HISTORY_LIMIT_MAX, REMINDER_MSG.invalidLimit)
    .default(REMINDER_HISTORY_LIMIT_DEFAULT),
});
export type ReminderHistoryQuery = z.infer<typeof reminderHistoryQuerySchema>;

export const reminderEntrySchema = z.object({
  id: z.string(),
  /** ISO instant. */
  sentAt: z.string(),
  /** MANUAL (sent from the panel) or AUTO (the weekly automatic reminder). */
  type: z.enum(REMINDER_TYPES),
  weekStart: z.string(),
  emailSubject: z.string(),
  recipient: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  /** The administrator of a MANUAL reminder; null for AUTO or a deleted account. */
  sentBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type ReminderEntry = z.infer<typeof reminderEntrySchema>;
export const reminderHistorySchema = reminderEntrySchema.array();
