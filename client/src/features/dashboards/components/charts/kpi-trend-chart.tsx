import { percent } from '@common/percent';
import type { TrendsResponse } from '@common/schemas/dashboard';
import { Legend, Line, Tooltip } from 'recharts';
import { byWeek, CHART_COLORS, ChartFrame, WeekLineChart } from './chart-frame';

type KpiPoint = NonNullable<TrendsResponse['kpi']>[number];

/** A person's KPI: goal (meta) and achieved (logro) per week, oldest week on the left. */
export function KpiTrendChart({
  data,
  personName,
}: {
  data: readonly KpiPoint[];
  personName: string;
}) {
  const points = byWeek(data);
  const reached = points.filter(
    (p) => p.logroPct !== null && p.metaPct !== null && p.logroPct >= p.metaPct,
  ).length;
  const measured = points.filter((p) => p.logroPct !== null && p.metaPct !== null).length;
  return (
    <ChartFrame
      summary={
        measured
          ? `${personName} alcanzó su meta en ${reached} de ${measured} semanas con KPI.`
          : `${personName} no registró metas ni logros de KPI en estas semanas.`
      }
      caption={`KPI de ${personName}: meta y logro por semana`}
      headers={['Semana', 'KPI', 'Meta', 'Logro']}
      rows={points.map((p) => [
        p.weekStart,
        p.kpiNombre || '—',
        percent(p.metaPct),
        percent(p.logroPct),
      ])}
    >
      <WeekLineChart data={points}>
        <Tooltip />
        <Legend />
        <Line
          type="monotone"
          dataKey="metaPct"
          name="Meta"
          stroke={CHART_COLORS.muted}
          strokeDasharray="5 4"
          strokeWidth={2}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="logroPct"
          name="Logro"
          stroke={CHART_COLORS.success}
          strokeWidth={2}
          dot={{ r: 3 }}
          connectNulls
          isAnimationActive={false}
        />
      </WeekLineChart>
    </ChartFrame>
  );
}
