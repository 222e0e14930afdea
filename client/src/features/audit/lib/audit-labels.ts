import type { AuditLogEntry } from '@common/schemas/audit';

/** Spanish names of the action codes the server writes; an unknown code is shown as it is. */
const ACTION_LABELS: Record<string, string> = {
  'auth.login': 'Inicio de sesión',
  'auth.login_failed': 'Inicio de sesión fallido',
  'auth.login_refused': 'Inicio de sesión rechazado',
  'auth.logout': 'Cierre de sesión',
  'auth.password_changed': 'Contraseña cambiada',
  'auth.password_change_failed': 'Cambio de contraseña fallido',
  'auth.register': 'Registro de cuenta',
  'auth.register_refused': 'Registro rechazado',
  'auth.email_verified': 'Correo confirmado',
  'user.created': 'Usuario creado',
  'user.updated': 'Usuario actualizado',
  'user.status_changed': 'Estado de usuario cambiado',
  'user.password_reset': 'Contraseña restablecida',
  'settings.updated': 'Configuración actualizada',
  'security.permission_refused': 'Permiso denegado',
  'security.csrf_refused': 'Solicitud de otro origen rechazada',
  'security.password_change_required': 'Cambio de contraseña requerido',
  'system.first_admin_created': 'Primer administrador creado',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** The action prefixes the filter offers ('' is every action). */
export const ACTION_FILTERS = [
  { value: '', label: 'Todas las acciones' },
  { value: 'auth.', label: 'Sesiones y cuentas' },
  { value: 'user.', label: 'Usuarios' },
  { value: 'settings.', label: 'Configuración' },
  { value: 'security.', label: 'Seguridad' },
  { value: 'system.', label: 'Sistema' },
] as const;

/** `meta` on one line: `clave: valor · clave: valor`, objects as compact JSON. */
export function formatMeta(meta: AuditLogEntry['meta']): string {
  if (!meta) return '';
  return Object.entries(meta)
    .map(([key, value]) => {
      const shown =
        typeof value === 'string' ? value : (JSON.stringify(value, null, 0) ?? String(value));
      return `${key}: ${shown}`;
    })
    .join(' · ');
}
