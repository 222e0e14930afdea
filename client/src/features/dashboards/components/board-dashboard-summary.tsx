import { percent } from '@common/percent';
import type { HierarchyResponse } from '@common/schemas/dashboard';
import { TableRegion } from '@/components/table-region';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { roleBreakdown } from '../lib/board-reports';
import { EmptyMessage } from '@/components/empty-message';
import { CompletionBar } from './completion-bar';

const COLUMNS = ['Rol', 'Total', 'Enviados', 'Borradores', 'Tasa'] as const;

/** Resumen Ejecutivo: sent vs drafts, the percentage completed and the per-role breakdown. */
export function BoardSummary({ analytics }: { analytics: HierarchyResponse['analytics'] }) {
  const rows = roleBreakdown(analytics.byRole);
  if (analytics.expected === 0 && analytics.totalSubmissions === 0) {
    return <EmptyMessage>No hay datos disponibles</EmptyMessage>;
  }
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="text-lg">
            Estado de la semana
          </CardTitle>
          <CardDescription>
            {analytics.submittedCount} de {analytics.expected} APPAs esperados enviados
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-lg bg-success/10 p-3">
              <dt className="text-muted-foreground">Enviados</dt>
              <dd className="text-2xl font-semibold text-success tabular-nums">
                {analytics.submittedCount}
              </dd>
            </div>
            <div className="rounded-lg bg-primary/10 p-3">
              <dt className="text-muted-foreground">Borradores</dt>
              <dd className="text-2xl font-semibold text-primary tabular-nums">
                {analytics.draftCount}
              </dd>
            </div>
          </dl>
          <div className="grid gap-1.5">
            <div className="flex justify-between text-sm">
              <span>Porcentaje completado</span>
              <span className="font-semibold tabular-nums">
                {percent(analytics.completionRate)}
              </span>
            </div>
            <CompletionBar label="Porcentaje completado" rate={analytics.completionRate} />
          </div>
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h3" className="text-lg">
            Por rol
          </CardTitle>
          <CardDescription>Esperados, enviados y borradores de cada rol</CardDescription>
        </CardHeader>
        <CardContent>
          {rows.length === 0 ? (
            <EmptyMessage>No hay datos disponibles</EmptyMessage>
          ) : (
            <TableRegion label="Desglose por rol">
              <table className="w-full min-w-[28rem] border-collapse text-sm">
                <thead className="bg-muted/60 text-left text-xs text-muted-foreground uppercase">
                  <tr>
                    {COLUMNS.map((column, i) => (
                      <th
                        key={column}
                        scope="col"
                        className={cn('px-3 py-2.5 font-medium', i > 0 && 'text-right')}
                      >
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.role} className="border-t">
                      <th scope="row" className="px-3 py-2.5 text-left font-medium">
                        {row.label}
                      </th>
                      {[row.total, row.sent, row.drafts, percent(row.rate)].map((value, i) => (
                        <td
                          key={i}
                          data-label={COLUMNS[i + 1]}
                          className="px-3 py-2.5 text-right tabular-nums"
                        >
                          {value}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
