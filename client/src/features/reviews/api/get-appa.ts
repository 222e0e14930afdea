import { reportSummarySchema, type ReportSummary } from '@common/schemas/panel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** GET /api/appa/{id}: one report in the panel's shape (reader or reviewer). */
export function getAppa(id: string): Promise<ReportSummary> {
  return api.get(`/api/appa/${encodeURIComponent(id)}`, reportSummarySchema);
}

/** The report alone; its files are a key below it, so that invalidating one reaches both. */
export const appaQueryKey = (id: string) => [...queryRoots.reviews, 'appa', id] as const;

export const appaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: appaQueryKey(id),
    queryFn: () => getAppa(id),
    // Several reviewers may work on the same report: the dialog re-reads it when it opens.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** The report, starting from the copy the list already holds when there is one. */
export function useAppa(id: string, initialData?: ReportSummary) {
  return useQuery({ ...appaQueryOptions(id), initialData, initialDataUpdatedAt: 0 });
}
