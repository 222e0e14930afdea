import { dashboardPersonSchema, type DashboardPerson } from '@common/schemas/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';
import { DASHBOARD_STALE_TIME } from './get-hierarchy';

/** GET /api/dashboard/people?q=: at most 20 authors of the viewer's area whose name or e-mail holds q. */
export function searchPeople(q: string): Promise<DashboardPerson[]> {
  return api.get(
    `/api/dashboard/people?q=${encodeURIComponent(q)}`,
    z.array(dashboardPersonSchema),
  );
}

export const peopleSearchQueryKey = (q: string) => [...queryRoots.dashboard, 'people', q] as const;

export const peopleSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: peopleSearchQueryKey(q),
    queryFn: () => searchPeople(q),
    staleTime: DASHBOARD_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function usePeopleSearch(q: string) {
  return useQuery(peopleSearchQueryOptions(q));
}
