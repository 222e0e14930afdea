import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TREND_WEEKS, useTrends } from '../../api/get-trends';
import { QueryState } from '@/components/query-state';
import { CompletionTrendChart } from './completion-trend-chart';

/**
 * 'Tendencia de completitud': the viewer's area's completion rate over the last 12 weeks. Used by
 * /consejo, /vp and /gerente.
 */
export function AreaCompletionTrendCard() {
  const trends = useTrends();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-lg">
          Tendencia de completitud
        </CardTitle>
        <CardDescription>
          Porcentaje de APPAs enviados en tu área, últimas {TREND_WEEKS} semanas
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={trends}>
          {(data) => <CompletionTrendChart data={data.completion} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
