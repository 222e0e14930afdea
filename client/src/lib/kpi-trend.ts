/**
 * Whether a KPI met its goal: up when achieved is at least the goal, otherwise down; no arrow
 * unless both are present.
 */
export function kpiTrend(metaPct: number | null, logroPct: number | null): 'up' | 'down' | null {
  if (metaPct === null || logroPct === null) return null;
  return logroPct >= metaPct ? 'up' : 'down';
}
