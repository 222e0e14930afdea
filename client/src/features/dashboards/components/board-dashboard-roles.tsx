import type { ReportSummary } from '@common/schemas/panel';
import type { Week } from '@common/week';
import { useQueries } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { hierarchyQueryOptions } from '../api/get-hierarchy';
import { roleCompletionSeries, rolesInSeries } from '../lib/board-reports';
import { failureMessage, RetryAlert } from '@/components/retry-alert';
import { EmptyMessage } from '@/components/empty-message';
import { AreaCompletionTrendCard } from './charts/area-completion-trend';
import { PersonTrendsCard } from './charts/person-trends';
import { RoleCompletionChart } from './charts/role-completion-chart';

const ROLE_ORDER = ['VP', 'GERENTE', 'LIDER', 'USER'] as const;

/** Completion by role across the weeks of the picker, from each week's hierarchy. */
function RoleCompletionCard({ weeks }: { weeks: readonly Week[] }) {
  const results = useQueries({
    queries: weeks.map((w) => hierarchyQueryOptions(w.weekStart)),
  });
  const failed = results.find((r) => r.error);
  const loaded = results.flatMap((r) => (r.data ? [r.data] : []));
  const series = roleCompletionSeries(loaded);
  const roles = rolesInSeries(series, ROLE_ORDER);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-lg">
          Tasa de envío por rol
        </CardTitle>
        <CardDescription>Últimas {weeks.length} semanas</CardDescription>
      </CardHeader>
      <CardContent>
        {failed ? (
          <RetryAlert
            message={failureMessage(failed.error)}
            onRetry={() => void failed.refetch()}
          />
        ) : loaded.length < weeks.length ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : roles.length === 0 ? (
          <EmptyMessage>No hay datos disponibles</EmptyMessage>
        ) : (
          <RoleCompletionChart series={series} roles={roles} />
        )}
      </CardContent>
    </Card>
  );
}

/** Análisis por Rol: completion by role, the area's 12-week trend and a person's trends. */
export function BoardRoleAnalysis({
  weeks,
  onOpen,
}: {
  weeks: readonly Week[];
  onOpen: (submission: ReportSummary) => void;
}) {
  return (
    <div className="grid gap-4">
      <RoleCompletionCard weeks={weeks} />
      <AreaCompletionTrendCard />
      <PersonTrendsCard onOpen={onOpen} />
    </div>
  );
}
