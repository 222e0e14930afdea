import { weekResponseSchema, type WeekResponse } from '@common/schemas/panel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys';
import { DASHBOARD_STALE_TIME } from './get-hierarchy';

/**
 * GET /api/appa?weekStart= for CONSEJO, VP, GERENTE or ADMIN: the week's reports the viewer may
 * read (the whole organisation for the board, the area below them for a VP or a manager), who is
 * pending, the teams and the counts.
 */
export function getAreaWeek(weekStart: string): Promise<WeekResponse> {
  return api.get(`/api/appa?weekStart=${encodeURIComponent(weekStart)}`, weekResponseSchema);
}

export const areaWeekQueryOptions = (weekStart: string) =>
  queryOptions({
    queryKey: dashboardKeys.areaWeek(weekStart),
    queryFn: () => getAreaWeek(weekStart),
    staleTime: DASHBOARD_STALE_TIME,
  });

export function useAreaWeek(weekStart: string) {
  return useQuery(areaWeekQueryOptions(weekStart));
}
