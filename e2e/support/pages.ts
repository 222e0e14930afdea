/** The panel and the role dashboards, with the heading each one shows. */
export const ROLE_PAGES = [
  ['/admin', 'Panel Administrativo'],
  ['/consejo', 'Dashboard Consejo Directivo'],
  ['/vp', 'Dashboard VP'],
  ['/gerente', 'Dashboard Gerente'],
  ['/lider', 'Dashboard Líder'],
] as const;
