import { ROLE_LABELS, type Role, type SubmissionStatus } from '@common/roles';
import type { HierarchyResponse } from '@common/schemas/dashboard';
import type { PanelAuthor, PendingAuthor, ReportSummary } from '@common/schemas/panel';
import { foldAccents } from '@common/text';
import { completionRate } from '@common/completion';

export interface RoleBreakdownRow {
  role: Role;
  label: string;
  total: number;
  sent: number;
  drafts: number;
  rate: number;
}

/** The per-role table of Resumen Ejecutivo: roles with someone expected, with their rate. */
export function roleBreakdown(
  byRole: HierarchyResponse['analytics']['byRole'],
): RoleBreakdownRow[] {
  return byRole
    .filter((row) => row.total > 0 || row.sent > 0 || row.drafts > 0)
    .map((row) => ({
      role: row.role,
      label: ROLE_LABELS[row.role],
      total: row.total,
      sent: row.sent,
      drafts: row.drafts,
      rate: completionRate(row.sent, row.total),
    }));
}

export type StatusFilter = 'all' | SubmissionStatus;

/** The Estado options of Reportes Detallados. */
export const REPORT_STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'ENVIADO', label: 'Enviados' },
  { value: 'BORRADOR', label: 'Borradores' },
];

export interface ReportFilters {
  search: string;
  status: StatusFilter;
  /** An unidadOrganizacional, or '' for every team. */
  team: string;
}

export const NO_FILTERS: ReportFilters = { search: '', status: 'all', team: '' };

/**
 * What the text search of Reportes Detallados reads in a report, accent-folded. Kept per report
 * object (the query's data keeps its objects while unchanged), so a keystroke does not fold every
 * report's four sections again.
 */
const searchTexts = new WeakMap<ReportSummary, string>();

function searchTextOf(s: ReportSummary): string {
  let text = searchTexts.get(s);
  if (text === undefined) {
    text = foldAccents(
      [
        s.user.fullName,
        s.user.email,
        s.user.cargo ?? '',
        s.kpiNombre,
        s.avances,
        s.planes,
        s.problemas,
        s.ayuda,
      ].join('\n'),
    );
    searchTexts.set(s, text);
  }
  return text;
}

/** Reportes Detallados: by name, e-mail, cargo or report text; by status; by team. */
export function filterReports(
  submissions: readonly ReportSummary[],
  { search, status, team }: ReportFilters,
): ReportSummary[] {
  const needle = foldAccents(search.trim());
  return submissions.filter((s) => {
    if (status !== 'all' && s.status !== status) return false;
    if (team !== '' && s.user.unidadOrganizacional !== team) return false;
    return needle === '' || searchTextOf(s).includes(needle);
  });
}

/**
 * Whether a person belongs to one role's tab (the VP's Gerentes and Líderes): a grouping of what
 * the server already let the viewer read, never a permission.
 */
const inRoleTab = (role: Role) => {
  const ofRole = new Set<Role>([role]);
  return (person: { role: Role }) => ofRole.has(person.role);
};

/** The reports of authors of one role (the VP's Gerentes and Líderes tabs). */
export function reportsOfRole(submissions: readonly ReportSummary[], role: Role) {
  const inTab = inRoleTab(role);
  return submissions.filter((s) => inTab(s.user));
}

/**
 * The people of `role` a week expects who have no report at all (a draft is listed among the
 * reports), and those away, by name: what a tab of reports adds so that it names everyone.
 */
export function missingOfRole(
  week: { pending: readonly PendingAuthor[]; absent: readonly PanelAuthor[] },
  role: Role,
) {
  const inTab = inRoleTab(role);
  return [
    ...week.pending
      .filter((p) => inTab(p) && !p.draft)
      .map((person) => ({ person, absent: false })),
    ...week.absent.filter(inTab).map((person) => ({ person, absent: true })),
  ];
}

export interface RoleWeekPoint {
  weekStart: string;
  /** Completion rate per role that had someone expected that week. */
  rates: Partial<Record<Role, number>>;
}

/** Análisis por Rol: each week's completion rate per role, oldest week first. */
export function roleCompletionSeries(
  weeks: readonly Pick<HierarchyResponse, 'weekStart' | 'analytics'>[],
): RoleWeekPoint[] {
  return [...weeks]
    .sort((a, b) => a.weekStart.localeCompare(b.weekStart))
    .map((week) => {
      const rates: Partial<Record<Role, number>> = {};
      for (const row of week.analytics.byRole) {
        if (row.total > 0) rates[row.role] = completionRate(row.sent, row.total);
      }
      return { weekStart: week.weekStart, rates };
    });
}

/** The roles that appear in at least one week of the series, in the order of `order`. */
export function rolesInSeries(series: readonly RoleWeekPoint[], order: readonly Role[]): Role[] {
  return order.filter((role) => series.some((point) => point.rates[role] !== undefined));
}
