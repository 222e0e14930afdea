import { currentReportSchema, type CurrentReport } from '@common/schemas/report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from '@/lib/query-keys';

/** GET /api/appa/current: the author's week, its report (null before the first save), limits. */
export function getCurrentReport(): Promise<CurrentReport> {
  return api.get('/api/appa/current', currentReportSchema);
}

export const currentReportQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.current(),
    queryFn: getCurrentReport,
    // The form is filled once from this answer; a refetch must not overwrite what is being typed.
    staleTime: Infinity,
  });

export function useCurrentReport() {
  return useQuery(currentReportQueryOptions());
}
