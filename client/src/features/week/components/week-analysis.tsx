import { percent } from '@common/percent';
import { completionRate } from '@common/completion';
import type { WeekResponse } from '@common/schemas/panel';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { filesPerSent } from '../lib/week-summary';

/**
 * 'Análisis de la semana actual': one bar per state with its number written beside it (the bar is
 * decoration; the text carries the value), the compliance rate and files per sent APPA.
 */
export function WeekAnalysis({ counts }: { counts: WeekResponse['counts'] }) {
  const withoutReport = Math.max(counts.pending - counts.drafts, 0);
  const bars = [
    { label: 'Enviados', value: counts.sent, tone: 'bg-success' },
    { label: 'Borradores', value: counts.drafts, tone: 'bg-primary' },
    { label: 'Sin APPA', value: withoutReport, tone: 'bg-destructive' },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-lg">
          Análisis de la semana actual
        </CardTitle>
        <CardDescription>
          Estado de los APPA de los {counts.expected} usuarios que deben enviarlo.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <ul className="grid gap-3" aria-label="APPAs por estado">
          {bars.map((bar) => {
            const share = completionRate(bar.value, counts.expected);
            return (
              <li key={bar.label} className="grid gap-1">
                <span className="flex justify-between gap-2 text-sm">
                  <span className="font-medium">{bar.label}</span>
                  <span className="text-muted-foreground tabular-nums">
                    {bar.value} ({percent(share)})
                  </span>
                </span>
                <span
                  aria-hidden="true"
                  className="block h-3 overflow-hidden rounded-full bg-muted"
                >
                  <span
                    className={cn('block h-full rounded-full', bar.tone)}
                    style={{ width: `${share}%` }}
                  />
                </span>
              </li>
            );
          })}
        </ul>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-1">
          <div className="rounded-lg border p-3">
            <dt className="text-sm text-muted-foreground">Tasa de cumplimiento</dt>
            <dd className="text-2xl font-semibold tabular-nums">
              {percent(completionRate(counts.sent, counts.expected))}
            </dd>
          </div>
          <div className="rounded-lg border p-3">
            <dt className="text-sm text-muted-foreground">Archivos por APPA enviado</dt>
            <dd className="text-2xl font-semibold tabular-nums">
              {filesPerSent(counts.files, counts.sent)}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
