import { leaderWeekResponseSchema, type LeaderWeekResponse } from '@common/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shareKeys } from '@/lib/query-keys';
import { DASHBOARD_STALE_TIME } from './get-hierarchy';

/**
 * GET /api/appa?weekStart= as a LIDER: their own report of the week, the live shares of it, and
 * the reports other leaders shared with them.
 */
export function getLeaderWeek(weekStart: string): Promise<LeaderWeekResponse> {
  return api.get(`/api/appa?weekStart=${encodeURIComponent(weekStart)}`, leaderWeekResponseSchema);
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
