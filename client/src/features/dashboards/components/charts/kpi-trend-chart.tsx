import type { TrendsResponse } from '@common/schemas/dashboard';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_COLORS, ChartFrame, shortWeek } from './chart-frame';

type KpiPoint = NonNullable<TrendsResponse['kpi']>[number];

const pct = (value: number | null) => (value === null ? '—' : `${value}%`);

/** A person's KPI: goal (meta) and achieved (logro) per week, oldest week on the left. */
export function KpiTrendChart({
  data,
  personName,
}: {
  data: readonly KpiPoint[];
  personName: string;
}) {
  const points = [...data]
    .sort((a, b) => a.weekStart.localeCompare(b.weekStart))
    .map((p) => ({ ...p, week: shortWeek(p.weekStart) }));
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
      rows={points.map((p) => [p.weekStart, p.kpiNombre || '—', pct(p.metaPct), pct(p.logroPct)])}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          accessibilityLayer={false}
          data={points}
          margin={{ top: 8, right: 12, bottom: 0, left: -16 }}
        >
          <CartesianGrid stroke={CHART_COLORS.grid} strokeDasharray="3 3" />
          <XAxis dataKey="week" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 12 }} />
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
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
