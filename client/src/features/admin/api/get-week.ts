import { weekResponseSchema, type WeekResponse } from '@common/schemas/panel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { panelKeys } from '@/lib/query-keys';

/** GET /api/appa?weekStart= (ADMIN): the week's reports, who is pending, the teams and the tiles. */
export function getWeek(weekStart: string): Promise<WeekResponse> {
  return api.get(`/api/appa?weekStart=${encodeURIComponent(weekStart)}`, weekResponseSchema);
}

/** Spec 2 §7: the panel polls every 5 s, refetches on focus and on mount, and is never fresh. */
export const weekQueryOptions = (weekStart: string) =>
  queryOptions({
    queryKey: panelKeys.week(weekStart),
    queryFn: () => getWeek(weekStart),
    staleTime: 0,
    refetchInterval: 5000,
    refetchOnWindowFocus: true,
    refetchOnMount: 'always',
  });

export function useWeek(weekStart: string) {
  return useQuery(weekQueryOptions(weekStart));
}
