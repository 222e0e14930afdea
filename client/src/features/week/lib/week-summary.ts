import { decimal } from '@common/percent';
import { weeklyRows, type WeeklyRow } from '@common/report-layouts';
import type { WeekResponse } from '@common/schemas/panel';
import { filterPending, filterSubmissions, type SummaryFilters } from '@common/week-filters';

/**
 * The weekly report's rows of the whole `week` that the filters of
 * Resumen Semanal choose, not only the page on screen: the reports (none under 'Pendientes'), and
 * the pending people under 'Todos' and 'Pendientes'.
 */
export function filteredCsvRows(week: WeekResponse, filters: SummaryFilters): WeeklyRow[] {
  const pendingView = filters.status === 'pendientes';
  return weeklyRows(
    week.weekStart,
    pendingView ? [] : filterSubmissions(week.submissions, filters),
    filters.status === 'todos' || pendingView ? filterPending(week.pending, filters) : [],
  );
}

/** 'appa-semana-2026-11-16.csv'. */
export const summaryCsvFileName = (weekStart: string) => `appa-semana-${weekStart}.csv`;

/** Files per sent APPA, one decimal, '0' when none was sent. */
export function filesPerSent(files: number, sent: number): string {
  if (sent === 0) return '0';
  return decimal(files / sent, 1);
}
