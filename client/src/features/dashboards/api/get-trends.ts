import { trendsResponseSchema, type TrendsResponse } from '@common/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';
import { DASHBOARD_STALE_TIME } from './get-hierarchy';

/** How many weeks the trend charts cover. */
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

export const trendsQueryKey = (weeks: number, userId: string | null) =>
  [...queryRoots.dashboard, 'trends', weeks, userId] as const;

export const trendsQueryOptions = (weeks: number, userId: string | null) =>
  queryOptions({
    queryKey: trendsQueryKey(weeks, userId),
    queryFn: () => getTrends(weeks, userId),
    staleTime: DASHBOARD_STALE_TIME,
  });

export function useTrends(userId: string | null = null, weeks: number = TREND_WEEKS) {
  return useQuery(trendsQueryOptions(weeks, userId));
}
