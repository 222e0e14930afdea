import { AUDIT_ACTION_LABELS } from '@common/audit-actions';
import type { AuditLogEntry } from '@common/schemas/audit';

export { auditActionLabel as actionLabel } from '@common/audit-actions';

/** The groups of actions the filter offers, by the prefix of their codes. */
const ACTION_GROUPS = [
  { prefix: 'auth.', label: 'Sesiones y cuentas' },
  { prefix: 'user.', label: 'Usuarios' },
  { prefix: 'report.', label: 'APPA y revisiones' },
  { prefix: 'review_', label: 'Comentarios y tareas' },
  { prefix: 'share.', label: 'APPA compartidos' },
  { prefix: 'absence.', label: 'Ausencias' },
  { prefix: 'reminders.', label: 'Recordatorios' },
  { prefix: 'settings.', label: 'Configuración' },
  { prefix: 'admin.', label: 'Copias de seguridad' },
  { prefix: 'security.', label: 'Seguridad' },
  { prefix: 'system.', label: 'Sistema' },
] as const;

export interface ActionFilterGroup {
  label: string;
  /** 'Todas' of the group first (its prefix), then each of its actions (its code). */
  options: { value: string; label: string }[];
}

/**
 * The filter's choices: every action, or a whole group, or one action in Spanish words. The
 * server reads a whole code as that action alone and anything else as a prefix.
 */
export const ACTION_FILTER_GROUPS: readonly ActionFilterGroup[] = ACTION_GROUPS.map((group) => ({
  label: group.label,
  options: [
    { value: group.prefix, label: `${group.label}: todas` },
    ...Object.entries(AUDIT_ACTION_LABELS)
      .filter(([code]) => code.startsWith(group.prefix))
      .map(([code, label]) => ({ value: code, label })),
  ],
}));

/** Spanish names of the kinds of thing an entry is about; an unknown one is shown as it is. */
const ENTITY_LABELS: Record<string, string> = {
  user: 'Usuario',
  appa_submission: 'APPA',
  review_comment: 'Comentario',
  review_task: 'Tarea',
  lateral_sharing: 'APPA compartido',
  absence: 'Ausencia',
  reminder: 'Recordatorio',
  settings: 'Configuración',
  admin: 'Administración',
  dashboard: 'Tablero',
  request: 'Solicitud',
  system: 'Sistema',
};

export function entityLabel(entity: string): string {
  return ENTITY_LABELS[entity] ?? entity;
}

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
