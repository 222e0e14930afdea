import { administers } from '../../common/roles';
import type { NavigationAbilities } from '../../common/schemas/auth';
import type { Area } from '../domain/hierarchy';
import { readsEverything, reportsByRole, type Actor } from './actor';

/**
 * What is done to the organisation as a whole rather than to one thing in it: administering it
 * (people, settings, reminders, the audit log, backups, marking a week as sent), its week of
 * reports and its exports, and the dashboards.
 */
export type OrganisationAction =
  | 'users:manage'
  | 'settings:manage'
  | 'reminders:send'
  /** Reminding people to send their APPA: administrators anyone, managers their own people. */
  | 'reminders:remind'
  | 'audit:read'
  | 'reports:mark-submitted'
  | 'backup:export'
  /** Registering, testing and removing webhooks, and reading their deliveries. */
  | 'webhooks:manage'
  /** The API's description and reference page (unless API_DOCS_PUBLIC opens them to everyone). */
  | 'api:docs'
  /** The week's reports as the panel and the dashboards list them (GET /api/appa). */
  | 'reports:list'
  /** The organisation's reports of Reportes, as CSV or text. */
  | 'reports:export'
  /** The hierarchy, trends and person picker of the dashboards. */
  | 'dashboard:read'
  /** The peers one may share a report with (GET /api/users/same-role). */
  | 'peers:list';

export function can(actor: Actor, action: OrganisationAction): boolean {
  switch (action) {
    case 'users:manage':
    case 'settings:manage':
    case 'reminders:send':
    case 'audit:read':
    case 'reports:mark-submitted':
    case 'backup:export':
    case 'webhooks:manage':
    case 'api:docs':
      return administers(actor.role);
    case 'reports:list':
      return weekListScope(actor) !== null;
    // Generated from every report: for those who read them all.
    case 'reports:export':
      return readsEverything(actor);
    case 'dashboard:read':
      return areaOf(actor) !== null;
    case 'reminders:remind':
      return reminderArea(actor) !== null;
    // USER has nobody to share with; ADMIN and CONSEJO get their own peers.
    case 'peers:list':
      return actor.role !== 'USER';
  }
}

/**
 * What GET /api/appa lists for the caller: the organisation (ADMIN, CONSEJO), their area (VP,
 * GERENTE: everyone below them), the leader's week (own report and what is shared with them), or
 * nothing (USER, who has no dashboard).
 */
export type WeekListScope = 'organisation' | 'area' | 'leader';

export function weekListScope(actor: Actor): WeekListScope | null {
  if (readsEverything(actor)) return 'organisation';
  if (actor.role === 'VP' || actor.role === 'GERENTE') return 'area';
  if (actor.role === 'LIDER') return 'leader';
  return null;
}

/**
 * The area a dashboard shows: the organisation (ADMIN, CONSEJO), or everyone below the viewer (VP,
 * GERENTE), or the viewer and everyone below them (a LIDER's own report counts in their figures).
 * USER has no dashboard (one with people below them still reads their reports).
 */
export function areaOf(actor: Actor): Area | null {
  if (readsEverything(actor)) return { kind: 'organisation', viewerId: actor.id };
  if (actor.role === 'VP' || actor.role === 'GERENTE') {
    return { kind: 'below', viewerId: actor.id, includeSelf: false };
  }
  if (actor.role === 'LIDER') return { kind: 'below', viewerId: actor.id, includeSelf: true };
  return null;
}

/**
 * Whom someone may remind to send their APPA: an administrator, anyone; a VP, a manager or a
 * leader, the people below them (those whose reports they read). The board reads everyone but
 * leaves reminding to the administrators.
 */
export function reminderArea(actor: Actor): Area | null {
  if (administers(actor.role)) return { kind: 'organisation', viewerId: actor.id };
  if (actor.role === 'VP' || actor.role === 'GERENTE' || actor.role === 'LIDER') {
    return { kind: 'below', viewerId: actor.id, includeSelf: false };
  }
  return null;
}

/**
 * The screens the browser offers: each dashboard to its role, and every one of them to ADMIN. Only
 * what the interface shows; the data behind each screen is decided by the rules above.
 */
export function navigationAbilities(actor: Actor): NavigationAbilities {
  const admin = administers(actor.role);
  return {
    administer: admin,
    boardDashboard: admin || actor.role === 'CONSEJO',
    vpDashboard: admin || actor.role === 'VP',
    managerDashboard: admin || actor.role === 'GERENTE',
    leaderDashboard: admin || actor.role === 'LIDER',
    report: reportsByRole(actor.role),
    remind: reminderArea(actor) !== null,
  };
}
