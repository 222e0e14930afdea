import { percent } from '@common/percent';
import type { HierarchyResponse } from '@common/schemas/dashboard';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CompletionBar } from './completion-bar';

/** Performance of /gerente: the week's completion rate of the area with its sent and pending counts. */
export function ManagerPerformance({
  analytics,
  trend,
}: {
  analytics: HierarchyResponse['analytics'];
  /** The area's completion over the last weeks, when a chart is available. */
  trend?: ReactNode;
}) {
  const rate = analytics.completionRate;
  return (
    <div className="grid min-w-0 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Performance</CardTitle>
          <CardDescription>
            Cumplimiento del envío de APPAs de tu área en la semana elegida
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-2">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">Tasa de completitud</span>
              <span className="text-2xl font-semibold tabular-nums">{percent(rate)}</span>
            </div>
            <CompletionBar label="Tasa de completitud" rate={rate} className="h-3" />
          </div>
          <dl className="grid grid-cols-3 gap-3 text-sm">
            <div className="grid gap-0.5 rounded-lg border p-3">
              <dt className="text-muted-foreground">Esperados</dt>
              <dd className="text-xl font-semibold tabular-nums">{analytics.expected}</dd>
            </div>
            <div className="grid gap-0.5 rounded-lg border p-3">
              <dt className="text-muted-foreground">Enviados</dt>
              <dd className="text-xl font-semibold tabular-nums">{analytics.submittedCount}</dd>
            </div>
            <div className="grid gap-0.5 rounded-lg border p-3">
              <dt className="text-muted-foreground">Pendientes</dt>
              <dd className="text-xl font-semibold tabular-nums">{analytics.pendingCount}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      {trend}
    </div>
  );
}
