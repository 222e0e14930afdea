// zod/mini: the bell reads these on every signed-in page, the report form's among them, which must
// stay within its 150 KiB gzip budget (classic zod alone is 25 KiB of it).
import * as z from 'zod/mini';
import { NOTIFICATION_KINDS, NOTIFY_EMAIL_OPTIONS, SUBMISSION_STATUSES } from '../roles';

/**
 * What the signed-in person has of their own: their reports (Mis reportes), their notifications
 * (the bell) and how they hear of them by e-mail. Kept apart from the panel's schemas, which every
 * header would otherwise load with the bell.
 */

export const ME_MSG = {
  notifyEmail:
    'Elige cómo recibir los avisos por correo: al momento, resumen diario o no recibirlos',
  notificationIds: 'Los avisos indicados no son válidos',
  upTo: 'La fecha límite de los avisos no es válida',
} as const;

/** GET /api/me/reports: one of the caller's own reports, newest week first. */
export const myReportSchema = z.object({
  id: z.uuid(),
  // Plain strings: the date formats would bring zod's date parsing into every header.
  weekStart: z.string(),
  weekEnd: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  submittedAt: z.nullable(z.string()),
  reviewed: z.boolean(),
  /** Who reviewed it first, when it was reviewed and their account remains. */
  reviewedBy: z.nullable(z.object({ id: z.uuid(), fullName: z.string() })),
  commentCount: z.int(),
  openTaskCount: z.int(),
});
export type MyReport = z.infer<typeof myReportSchema>;
export const myReportsSchema = z.object({ items: z.array(myReportSchema) });
export type MyReports = z.infer<typeof myReportsSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string(),
  /** The report it is about; null once the report is gone. */
  reportId: z.nullable(z.uuid()),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/me/notifications: the newest notifications and how many are unread in all. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * POST /api/me/notifications/read: `{ ids }` marks those, `{}` marks them all; `upTo` (an instant)
 * spares those that arrived after it, such as after the list the person read was drawn.
 */
export const markReadSchema = z.object({
  ids: z.optional(
    z
      .array(z.uuid({ error: ME_MSG.notificationIds }), { error: ME_MSG.notificationIds })
      .check(z.maxLength(200, ME_MSG.notificationIds)),
  ),
  // Checked by Date.parse rather than z.iso: the bell carries these schemas on every page.
  upTo: z.optional(
    z.string({ error: ME_MSG.upTo }).check(
      z.maxLength(40, ME_MSG.upTo),
      z.refine((v) => !Number.isNaN(Date.parse(v)), { message: ME_MSG.upTo }),
    ),
  ),
});
export type MarkRead = z.infer<typeof markReadSchema>;

export const preferencesSchema = z.object({
  notifyEmail: z.enum(NOTIFY_EMAIL_OPTIONS, { error: ME_MSG.notifyEmail }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const NOTIFY_EMAIL_LABELS: Record<Preferences['notifyEmail'], string> = {
  immediate: 'Al momento',
  daily: 'Resumen diario',
  off: 'No recibir correos',
};
