import { hierarchyResponseSchema, type HierarchyResponse } from '@common/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** The dashboards read their figures again after 5 minutes, or at once after a change made here. */
export const DASHBOARD_STALE_TIME = 5 * 60 * 1000;

/**
 * GET /api/dashboard/hierarchy?weekStart=: the viewer's area for a week (analytics by role, how
 * many people are below them, the team with this week's state, the chain of command above).
 */
export function getHierarchy(weekStart: string): Promise<HierarchyResponse> {
  return api.get(
    `/api/dashboard/hierarchy?weekStart=${encodeURIComponent(weekStart)}`,
    hierarchyResponseSchema,
  );
}

export const hierarchyQueryKey = (weekStart: string) =>
  [...queryRoots.dashboard, 'hierarchy', weekStart] as const;

export const hierarchyQueryOptions = (weekStart: string) =>
  queryOptions({
    queryKey: hierarchyQueryKey(weekStart),
    queryFn: () => getHierarchy(weekStart),
    staleTime: DASHBOARD_STALE_TIME,
  });

export function useHierarchy(weekStart: string) {
  return useQuery(hierarchyQueryOptions(weekStart));
}
