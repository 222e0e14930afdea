import type { Role } from '@common/roles';

/** Dashboards with an 'Acceso Denegado' panel of their own wording. */
export type DashboardRole = Extract<Role, 'CONSEJO' | 'VP' | 'GERENTE' | 'LIDER'>;

/** What 'Acceso Denegado' says on each dashboard to a person of another role. */
export const DASHBOARD_ACCESS_DENIED: Record<DashboardRole, string> = {
  CONSEJO: 'Solo los miembros del Consejo pueden acceder a este dashboard.',
  VP: 'Solo VPs pueden acceder a este dashboard.',
  GERENTE: 'Solo Gerentes pueden acceder a este dashboard.',
  LIDER: 'Solo Líderes pueden acceder a este dashboard.',
};
