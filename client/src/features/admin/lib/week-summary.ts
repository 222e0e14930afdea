import { weeklyRows, type WeeklyRow } from '@common/report-layouts';
import type { WeekResponse } from '@common/schemas/panel';
import { filterPending, filterSubmissions, type SummaryFilters } from '@common/week-filters';

/**
 * Spec 2 §4: up when achieved is at least the goal, otherwise down; no arrow unless both are
 * present.
 */
export function kpiTrend(metaPct: number | null, logroPct: number | null): 'up' | 'down' | null {
  if (metaPct === null || logroPct === null) return null;
  return logroPct >= metaPct ? 'up' : 'down';
}

/**
 * The weekly report's rows (common/report-layouts.ts) of the whole `week` that the filters of
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
