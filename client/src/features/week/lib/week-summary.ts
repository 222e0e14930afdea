import type { PanelSubmission, PendingAuthor, WeekResponse } from '@common/schemas/panel';
import { filterPending, filterSubmissions, type SummaryFilters } from '@common/week-filters';
import { formatDateTime } from '@/lib/format';

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

/**
 * Every row of the whole `week` the filters of Resumen Semanal choose, not only the page on
 * screen: the reports (none under 'Pendientes'), and the pending people under 'Todos' and
 * 'Pendientes'.
 */
export function filteredCsvRows(week: WeekResponse, filters: SummaryFilters, timeZone: string) {
  const pendingView = filters.status === 'pendientes';
  return summaryCsvRows(
    pendingView ? [] : filterSubmissions(week.submissions, filters),
    filters.status === 'todos' || pendingView ? filterPending(week.pending, filters) : [],
    timeZone,
  );
}

/** 'appa-semana-2026-11-16.csv'. */
export const summaryCsvFileName = (weekStart: string) => `appa-semana-${weekStart}.csv`;

/** Files per sent APPA, one decimal, '0' when none was sent. */
export function filesPerSent(files: number, sent: number): string {
  if (sent === 0) return '0';
  return (files / sent).toLocaleString('es', { maximumFractionDigits: 1 });
}
