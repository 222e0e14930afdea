import { currentReportSchema, type CurrentReport } from '@common/schemas/report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** GET /api/appa/current: the author's week, its report (null before the first save), limits. */
export function getCurrentReport(): Promise<CurrentReport> {
  return api.get('/api/appa/current', currentReportSchema);
}

export const currentReportQueryKey = [...queryRoots.reports, 'current'] as const;

export const currentReportQueryOptions = () =>
  queryOptions({
    queryKey: currentReportQueryKey,
    queryFn: getCurrentReport,
    // The form is filled once from this answer; a refetch must not overwrite what is being typed.
    staleTime: Infinity,
  });

export function useCurrentReport() {
  return useQuery(currentReportQueryOptions());
}
