import type { PanelSubmission, PendingAuthor } from '@common/schemas/panel';
import { formatDateTime } from '@/lib/format';
import { searchUsers } from './search-users';

/** The status filter of Resumen Semanal; 'pendientes' swaps the submissions table for the pending one. */
export const STATUS_FILTERS = [
  { value: 'todos', label: 'Todos' },
  { value: 'enviados', label: 'Enviados' },
  { value: 'borradores', label: 'Borradores' },
  { value: 'pendientes', label: 'Pendientes' },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

export const isStatusFilter = (value: string): value is StatusFilter =>
  STATUS_FILTERS.some((f) => f.value === value);

/** Every team. */
export const ALL_TEAMS = '';

export type SummaryFilters = { search: string; status: StatusFilter; team: string };

type Author = { fullName: string; email: string; unidadOrganizacional: string | null };

const inTeam = (author: Author, team: string) =>
  team === ALL_TEAMS || author.unidadOrganizacional === team;

/** The week's reports the submissions table shows for the search, status and team. */
export function filterSubmissions(
  submissions: readonly PanelSubmission[],
  { search, status, team }: SummaryFilters,
): PanelSubmission[] {
  const byStatus = submissions.filter(
    (s) =>
      status === 'todos' ||
      (status === 'enviados' && s.status === 'ENVIADO') ||
      (status === 'borradores' && s.status === 'BORRADOR'),
  );
  const found = new Set(
    searchUsers(
      byStatus.map((s) => s.user),
      search,
    ),
  );
  return byStatus.filter((s) => found.has(s.user) && inTeam(s.user, team));
}

/** The pending authors that match the search and the team (the status filter does not apply). */
export function filterPending(
  pending: readonly PendingAuthor[],
  { search, team }: Pick<SummaryFilters, 'search' | 'team'>,
): PendingAuthor[] {
  return searchUsers(pending, search).filter((p) => inTeam(p, team));
}

/**
 * Spec 2 §4: up when achieved is at least the goal, otherwise down; no arrow unless both are
 * present.
 */
export function kpiTrend(metaPct: number | null, logroPct: number | null): 'up' | 'down' | null {
  if (metaPct === null || logroPct === null) return null;
  return logroPct >= metaPct ? 'up' : 'down';
}

export const CSV_HEADERS = [
  'Nombre',
  'Correo',
  'Cargo',
  'Unidad',
  'Estado',
  'Enviado el',
  'KPI',
  'Meta %',
  'Logro %',
  'Archivos',
  'Problemas',
  'Ayuda',
  'Revisado',
];

type CsvRow = (string | number | null)[];

/**
 * The rows 'Exportar CSV' writes: the filtered reports, then the filtered pending authors who
 * have no report at all (one with a draft is already a report row), so nobody appears twice.
 */
export function summaryCsvRows(
  submissions: readonly PanelSubmission[],
  pending: readonly PendingAuthor[],
  timeZone: string,
): CsvRow[] {
  const reportRows = submissions.map((s): CsvRow => [
    s.user.fullName,
    s.user.email,
    s.user.cargo,
    s.user.unidadOrganizacional,
    s.status === 'ENVIADO' ? 'Enviado' : 'Borrador',
    s.submittedAt ? formatDateTime(s.submittedAt, timeZone) : null,
    s.kpiNombre,
    s.kpiMetaPct,
    s.kpiLogroPct,
    s.fileCount,
    s.problemas,
    s.ayuda,
    s.reviewedAt ? 'Sí' : 'No',
  ]);
  const withReport = new Set(submissions.map((s) => s.userId));
  const pendingRows = pending
    .filter((p) => !withReport.has(p.id))
    .map((p): CsvRow => [
      p.fullName,
      p.email,
      p.cargo,
      p.unidadOrganizacional,
      p.draft ? 'Borrador' : 'Sin enviar',
      null,
      null,
      null,
      null,
      0,
      null,
      null,
      'No',
    ]);
  return [...reportRows, ...pendingRows];
}

/** 'appa-semana-2026-11-16.csv'. */
export const summaryCsvFileName = (weekStart: string) => `appa-semana-${weekStart}.csv`;
