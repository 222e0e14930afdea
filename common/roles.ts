export const ROLES = ['ADMIN', 'CONSEJO', 'VP', 'GERENTE', 'LIDER', 'USER'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Administrador',
  CONSEJO: 'Consejo',
  VP: 'VP',
  GERENTE: 'Gerente',
  LIDER: 'Líder',
  USER: 'Usuario',
};

/** Whether `role` runs the organisation: people, settings, reminders, the audit log, backups. */
export function administers(role: Role): boolean {
  return role === 'ADMIN';
}

/** Roles a review task may be assigned to: those who read every report. */
export const TASK_ASSIGNEE_ROLES: readonly Role[] = ['ADMIN', 'CONSEJO'];

/**
 * ACTIVO signs in and takes part; SUSPENDIDO does neither. PENDIENTE is a self-registered account
 * whose e-mailed confirmation link has not been opened yet: it signs in nowhere and counts nowhere
 * until then. Accounts an administrator creates or imports start ACTIVO.
 */
export const USER_STATUSES = ['ACTIVO', 'SUSPENDIDO', 'PENDIENTE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  ACTIVO: 'Activo',
  SUSPENDIDO: 'Suspendido',
  PENDIENTE: 'Por confirmar',
};
/**
 * What an administrator may set. Setting one on a PENDIENTE account accepts or refuses the
 * registration; otherwise only the owner's e-mailed link makes it ACTIVO.
 */
export const SETTABLE_USER_STATUSES = ['ACTIVO', 'SUSPENDIDO'] as const;
export type SettableUserStatus = (typeof SETTABLE_USER_STATUSES)[number];

export const SUBMISSION_STATUSES = ['BORRADOR', 'ENVIADO'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const TASK_STATUSES = ['PENDIENTE', 'EN_PROGRESO', 'COMPLETADA', 'CANCELADA'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['BAJA', 'MEDIA', 'ALTA', 'URGENTE'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const REMINDER_TYPES = ['AUTO', 'MANUAL'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

export const SHARE_PERMISSIONS = ['read', 'comment'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];

/** How a person hears by e-mail of what others do about them: at once, in a daily summary, never. */
export const NOTIFY_EMAIL_OPTIONS = ['immediate', 'daily', 'off'] as const;
export type NotifyEmail = (typeof NOTIFY_EMAIL_OPTIONS)[number];

/**
 * What a notification tells: someone commented on the person's report, answered their comment,
 * reviewed their report, gave them a task, completed a task they created, shared a report with
 * them, or commented on a report shared with them.
 */
export const NOTIFICATION_KINDS = [
  'comment',
  'reply',
  'review',
  'task',
  'task_done',
  'share',
  'shared_comment',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const TIMEZONES = [
  'America/Lima',
  'America/Bogota',
  'America/Mexico_City',
  'America/Santiago',
] as const;
export type Timezone = (typeof TIMEZONES)[number];
export const DEFAULT_TIMEZONE: Timezone = 'America/Lima';

/** The page a user lands on after the general sign-in: the screen of their role. */
export function landingPathFor(user: { role: Role; slug: string; mustChangePassword: boolean }) {
  if (user.mustChangePassword) return '/change-password';
  switch (user.role) {
    case 'ADMIN':
      return '/admin';
    case 'CONSEJO':
      return '/consejo';
    case 'VP':
      return '/vp';
    case 'GERENTE':
      return '/gerente';
    case 'LIDER':
      return '/lider';
    case 'USER':
      return `/appa/${encodeURIComponent(user.slug)}/submit`;
  }
}

/** Where the personal link `/appa/{slug}` and the credentials screen send a signed-in user. */
export function personalLandingPathFor(user: {
  role: Role;
  slug: string;
  mustChangePassword: boolean;
}) {
  if (user.mustChangePassword) return '/change-password';
  return administers(user.role) ? '/admin' : `/appa/${user.slug}/submit`;
}

/** Why someone is away for some days: their weeks fully inside it are not expected. */
export const ABSENCE_REASONS = ['vacaciones', 'licencia', 'viaje', 'otro'] as const;
export type AbsenceReason = (typeof ABSENCE_REASONS)[number];

/** Mis reportes: the signed-in person's own reports. */
export const MY_REPORTS_PATH = '/mis-reportes';

/** Mi cuenta: the signed-in person's password and personal API tokens. */
export const ACCOUNT_PATH = '/cuenta';

/** One report as a page, for whoever may read it: where notifications and their e-mails link. */
export function reportPagePath(reportId: string): string {
  return `/reportes/${encodeURIComponent(reportId)}`;
}

/** The person's own weekly form. */
export function ownFormPath(user: { slug: string }): string {
  return `/appa/${encodeURIComponent(user.slug)}/submit`;
}
