import { ArrowDown, ArrowUp } from 'lucide-react';
import { kpiTrend } from '@/lib/kpi-trend';

/** An arrow for a KPI: up when achieved is at least the goal, down otherwise, nothing unless both exist. */
export function KpiTrendIcon({
  metaPct,
  logroPct,
}: {
  metaPct: number | null;
  logroPct: number | null;
}) {
  const trend = kpiTrend(metaPct, logroPct);
  if (trend === 'up') {
    return <ArrowUp role="img" aria-label="Meta alcanzada" className="size-4 text-success" />;
  }
  if (trend === 'down') {
    return (
      <ArrowDown role="img" aria-label="Meta no alcanzada" className="size-4 text-destructive" />
    );
  }
  return null;
}
