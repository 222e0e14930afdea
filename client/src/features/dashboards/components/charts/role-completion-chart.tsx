import { percent } from '@common/percent';
import { ROLE_LABELS, type Role } from '@common/roles';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { RoleWeekPoint } from '../../lib/board-reports';
import { CHART_COLORS, ChartFrame, shortWeek } from './chart-frame';

const ROLE_COLORS: Partial<Record<Role, string>> = {
  VP: CHART_COLORS.destructive,
  GERENTE: CHART_COLORS.primary,
  LIDER: CHART_COLORS.success,
  USER: CHART_COLORS.muted,
};

/** Análisis por Rol: each week's completion rate per role, as grouped bars. */
export function RoleCompletionChart({
  series,
  roles,
}: {
  series: readonly RoleWeekPoint[];
  roles: readonly Role[];
}) {
  const points = series.map((p) => ({ week: shortWeek(p.weekStart), ...p.rates }));
  const latest = series.at(-1);
  return (
    <ChartFrame
      summary={
        latest
          ? `Semana del ${shortWeek(latest.weekStart)}: ${roles
              .map((role) => `${ROLE_LABELS[role]} ${percent(latest.rates[role] ?? 0)}`)
              .join(', ')}.`
          : 'Sin semanas para mostrar.'
      }
      caption="Tasa de envío por rol y semana"
      headers={['Semana', ...roles.map((role) => ROLE_LABELS[role])]}
      rows={series.map((p) => [p.weekStart, ...roles.map((role) => percent(p.rates[role]))])}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={points}
          margin={{ top: 8, right: 12, bottom: 0, left: -16 }}
        >
          <CartesianGrid stroke={CHART_COLORS.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => percent(Number(value))} />
          <Legend itemSorter={(item) => roles.indexOf(item.dataKey as Role)} />
          {roles.map((role) => (
            <Bar
              key={role}
              dataKey={role}
              name={ROLE_LABELS[role]}
              fill={ROLE_COLORS[role] ?? CHART_COLORS.muted}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
