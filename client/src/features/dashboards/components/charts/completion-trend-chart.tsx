import { percent } from '@common/percent';
import type { TrendsResponse } from '@common/schemas/dashboard';
import { Line, Tooltip } from 'recharts';
import { byWeek, CHART_COLORS, ChartFrame, WeekLineChart } from './chart-frame';

type CompletionPoint = TrendsResponse['completion'][number];

/** The last weeks' completion rate of an area, oldest week on the left. */
export function CompletionTrendChart({ data }: { data: readonly CompletionPoint[] }) {
  const points = byWeek(data);
  const last = points.at(-1);
  // A week with nobody expected is a gap in the line, and no part of the average.
  const rated = points.flatMap((p) => (p.rate === null ? [] : [p.rate]));
  const average = rated.length
    ? Math.round(rated.reduce((sum, rate) => sum + rate, 0) / rated.length)
    : 0;
  return (
    <ChartFrame
      summary={
        last
          ? `Semana del ${last.week}: ${percent(last.rate)} (${last.sent} de ${last.expected}). Promedio de ${rated.length} semanas: ${percent(average)}.`
          : 'Sin semanas para mostrar.'
      }
      caption="Tasa de completitud por semana"
      headers={['Semana', 'Enviados', 'Esperados', 'Tasa']}
      rows={points.map((p) => [p.weekStart, p.sent, p.expected, percent(p.rate)])}
    >
      <WeekLineChart data={points}>
        <Tooltip formatter={(value) => [percent(Number(value)), 'Tasa']} />
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
