/**
 * Every action the server writes to the audit log, with the Spanish words the log shows for it.
 * The server's `audit()` takes only these codes, so a new action cannot be written without words.
 */
export const AUDIT_ACTION_LABELS = {
  'auth.login': 'Inició sesión',
  'auth.login_failed': 'Intento de inicio de sesión fallido',
  'auth.login_refused': 'Inicio de sesión rechazado',
  'auth.logout': 'Cerró sesión',
  'auth.demo_login_refused': 'Acceso de demostración rechazado',
  'auth.magic_link_sent': 'Pidió un enlace de acceso por correo',
  'auth.magic_link_refused': 'Enlace de acceso rechazado',
  'auth.password_changed': 'Cambió su contraseña',
  'auth.password_change_failed': 'Intento fallido de cambiar la contraseña',
  'auth.register': 'Creó una cuenta',
  'auth.register_refused': 'Registro de cuenta rechazado',
  'auth.email_verified': 'Confirmó su correo',
  'user.created': 'Creó un usuario',
  'user.bulk_uploaded': 'Cargó usuarios desde un archivo',
  'user.updated': 'Editó un usuario',
  'user.status_changed': 'Cambió el estado de un usuario',
  'user.password_reset': 'Restableció la contraseña de un usuario',
  'user.sign_in_unblocked': 'Desbloqueó el acceso de un usuario',
  'user.sso_linked': 'Vinculó su cuenta al inicio de sesión único',
  'report.marked_submitted': 'Marcó un APPA como enviado',
  'report.reviewed': 'Revisó un APPA',
  'report.review_updated': 'Actualizó la revisión de un APPA',
  'review_comment.created': 'Comentó un APPA',
  'review_comment.replied': 'Respondió un comentario',
  'review_comment.updated': 'Editó un comentario',
  'review_task.created': 'Creó una tarea',
  'review_task.status_changed': 'Cambió el estado de una tarea',
  'share.created': 'Compartió un APPA',
  'share.revoked': 'Dejó de compartir un APPA',
  'absence.created': 'Registró una ausencia',
  'absence.deleted': 'Eliminó una ausencia',
  'reminders.sent': 'Envió recordatorios',
  'reminders.auto_sent': 'Se enviaron los recordatorios automáticos',
  'settings.updated': 'Cambió la configuración',
  'api_token.created': 'Creó un token de API',
  'api_token.revoked': 'Revocó un token de API',
  'api_token.used': 'Usó un token de servicio',
  'mail.retried': 'Reintentó el envío de un correo',
  'webhook.created': 'Registró un webhook',
  'webhook.deleted': 'Eliminó un webhook',
  'webhook.reactivated': 'Reactivó un webhook',
  'webhook.disabled': 'Se desactivó un webhook que fallaba',
  'webhook.delivery_retried': 'Reintentó una entrega de webhook',
  'admin.backup_exported': 'Descargó una copia de seguridad',
  'admin.jobs_resumed': 'Reanudó las tareas programadas',
  'system.backup_restored': 'Se restauró una copia de seguridad',
  'security.permission_refused': 'Permiso denegado',
  'security.csrf_refused': 'Solicitud desde otro sitio rechazada',
  'security.password_change_required': 'Acción bloqueada hasta cambiar la contraseña',
  'system.first_admin_created': 'Se creó el primer administrador',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export function isAuditAction(code: string): code is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_LABELS, code);
}

/** The Spanish words of an action; a code this version does not know is shown as it is. */
export function auditActionLabel(code: string): string {
  return isAuditAction(code) ? AUDIT_ACTION_LABELS[code] : code;
}
