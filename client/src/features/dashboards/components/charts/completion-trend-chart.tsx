import type { TrendsResponse } from '@common/schemas/dashboard';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_COLORS, ChartFrame, shortWeek } from './chart-frame';

type CompletionPoint = TrendsResponse['completion'][number];

/** The last weeks' completion rate of an area, oldest week on the left. */
export function CompletionTrendChart({ data }: { data: readonly CompletionPoint[] }) {
  const points = [...data]
    .sort((a, b) => a.weekStart.localeCompare(b.weekStart))
    .map((p) => ({ ...p, week: shortWeek(p.weekStart) }));
  const last = points.at(-1);
  const average = points.length
    ? Math.round(points.reduce((sum, p) => sum + p.rate, 0) / points.length)
    : 0;
  return (
    <ChartFrame
      summary={
        last
          ? `Semana del ${last.week}: ${last.rate}% (${last.sent} de ${last.expected}). Promedio de ${points.length} semanas: ${average}%.`
          : 'Sin semanas para mostrar.'
      }
      caption="Tasa de completitud por semana"
      headers={['Semana', 'Enviados', 'Esperados', 'Tasa']}
      rows={points.map((p) => [p.weekStart, p.sent, p.expected, `${p.rate}%`])}
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
          <Tooltip formatter={(value) => [`${String(value)}%`, 'Tasa']} />
          <Line
            type="monotone"
            dataKey="rate"
            name="Tasa"
            stroke={CHART_COLORS.primary}
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
