import { weekPageSchema, type WeekPage, type WeekPageQuery } from '@common/schemas/panel';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toSearchParams } from '@/lib/search-params';
import { dashboardKeys } from '@/lib/query-keys';
import { DASHBOARD_STALE_TIME } from './get-hierarchy';

/**
 * GET /api/appa/week?…: one filtered page of the week's reports the viewer may read (the whole
 * organisation for the board, the area below them for a VP or a manager); empty filters left out.
 */
export function getAreaWeekPage(query: WeekPageQuery): Promise<WeekPage> {
  return api.get(`/api/appa/week?${toSearchParams(query)}`, weekPageSchema);
}

/** The previous page stays on screen while the next one loads. */
export const areaWeekPageQueryOptions = (query: WeekPageQuery) =>
  queryOptions({
    queryKey: dashboardKeys.areaWeekPage(query),
    queryFn: () => getAreaWeekPage(query),
    staleTime: DASHBOARD_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useAreaWeekPage(query: WeekPageQuery) {
  return useQuery(areaWeekPageQueryOptions(query));
}
