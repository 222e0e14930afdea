import { trendsResponseSchema, type TrendsResponse } from '@common/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys';
import { DASHBOARD_STALE_TIME } from './get-hierarchy';

/** How many weeks the trend charts cover (issue 6). */
export const TREND_WEEKS = 12;

/**
 * GET /api/dashboard/trends?weeks=&userId=: the completion rate of the viewer's area per week and,
 * with `userId` (someone the viewer may read), that person's KPI logro vs meta per week.
 */
export function getTrends(weeks: number, userId: string | null): Promise<TrendsResponse> {
  const params = new URLSearchParams({ weeks: String(weeks) });
  if (userId) params.set('userId', userId);
  return api.get(`/api/dashboard/trends?${params.toString()}`, trendsResponseSchema);
}

export const trendsQueryOptions = (weeks: number, userId: string | null) =>
  queryOptions({
    queryKey: dashboardKeys.trends(weeks, userId),
    queryFn: () => getTrends(weeks, userId),
    staleTime: DASHBOARD_STALE_TIME,
  });

export function useTrends(userId: string | null = null, weeks: number = TREND_WEEKS) {
  return useQuery(trendsQueryOptions(weeks, userId));
}
