import type { TrendsResponse } from '@common/schemas/dashboard';
import { Line, Tooltip } from 'recharts';
import { byWeek, CHART_COLORS, ChartFrame, WeekLineChart } from './chart-frame';

type CompletionPoint = TrendsResponse['completion'][number];

/** The last weeks' completion rate of an area, oldest week on the left. */
export function CompletionTrendChart({ data }: { data: readonly CompletionPoint[] }) {
  const points = byWeek(data);
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
      <WeekLineChart data={points}>
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
      </WeekLineChart>
    </ChartFrame>
  );
}
