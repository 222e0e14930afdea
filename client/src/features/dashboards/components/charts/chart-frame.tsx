import type { ReactNode } from 'react';
import { CartesianGrid, LineChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';

/** 'dd/MM' of a week's Monday, the x axis of the trend charts. */
export function shortWeek(weekStart: string): string {
  const [, month = '', day = ''] = weekStart.split('-');
  return `${day}/${month}`;
}

/** A trend's points oldest week first, each with its 'dd/MM' label as `week`. */
export function byWeek<T extends { weekStart: string }>(data: readonly T[]) {
  return [...data]
    .sort((a, b) => a.weekStart.localeCompare(b.weekStart))
    .map((p) => ({ ...p, week: shortWeek(p.weekStart) }));
}

export const CHART_COLORS = {
  primary: 'var(--color-primary)',
  success: 'var(--color-success)',
  destructive: 'var(--color-destructive)',
  muted: 'var(--color-muted-foreground)',
  grid: 'var(--color-border)',
} as const;

/**
 * A chart with its words: a visible summary, the picture (hidden from screen readers) and the same
 * figures as a table only screen readers read.
 */
export function ChartFrame({
  summary,
  caption,
  headers,
  rows,
  children,
}: {
  summary: ReactNode;
  caption: string;
  headers: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  children: ReactNode;
}) {
  return (
    <figure className="grid min-w-0 gap-3">
      <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
      {/* Clipped: a tooltip left open at its old place when the window narrows widens the page. */}
      <div aria-hidden="true" className="h-64 w-full min-w-0 overflow-hidden">
        {children}
      </div>
      {/* A table ignores the 1 px box of sr-only: the wrapper clips it. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** A weekly trend in per cent (0 to 100), weeks along the bottom; `children` are its lines. */
export function WeekLineChart({
  data,
  children,
}: {
  data: { week: string }[];
  children: ReactNode;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart
        accessibilityLayer={false}
        data={data}
        margin={{ top: 8, right: 12, bottom: 0, left: -16 }}
      >
        <CartesianGrid stroke={CHART_COLORS.grid} strokeDasharray="3 3" />
        <XAxis dataKey="week" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
        <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 12 }} />
        {children}
      </LineChart>
    </ResponsiveContainer>
  );
}
