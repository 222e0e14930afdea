import { leaderWeekResponseSchema, type LeaderWeekResponse } from '@common/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shareKeys } from '@/lib/query-keys';
import { DASHBOARD_STALE_TIME } from './get-hierarchy';

/**
 * GET /api/appa?weekStart=&view=own: the viewer's own report of the week, the live shares of it,
 * and the reports other leaders shared with them (also when an administrator opens /lider).
 */
export function getLeaderWeek(weekStart: string): Promise<LeaderWeekResponse> {
  return api.get(
    `/api/appa?weekStart=${encodeURIComponent(weekStart)}&view=own`,
    leaderWeekResponseSchema,
  );
}

export const leaderWeekQueryOptions = (weekStart: string) =>
  queryOptions({
    queryKey: shareKeys.leaderWeek(weekStart),
    queryFn: () => getLeaderWeek(weekStart),
    staleTime: DASHBOARD_STALE_TIME,
  });

export function useLeaderWeek(weekStart: string) {
  return useQuery(leaderWeekQueryOptions(weekStart));
}
