import { weekResponseSchema, type WeekResponse } from '@common/schemas/panel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveUpdates } from '@/lib/live-updates';
import { panelKeys } from '@/lib/query-keys';

/** GET /api/appa?weekStart= (ADMIN): the week's reports, who is pending, the teams and the tiles. */
export function getWeek(weekStart: string): Promise<WeekResponse> {
  return api.get(`/api/appa?weekStart=${encodeURIComponent(weekStart)}`, weekResponseSchema);
}

/** Spec 2 §7: the panel polls every 5 s, refetches on focus and on mount, and is never fresh. */
export const POLL_MS = 5000;

/** While the live channel is open the panel hears changes instead of polling (issue 7). */
export const weekQueryOptions = (weekStart: string, live = false) =>
  queryOptions({
    queryKey: panelKeys.week(weekStart),
    queryFn: () => getWeek(weekStart),
    staleTime: 0,
    refetchInterval: live ? false : POLL_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: 'always',
  });

export function useWeek(weekStart: string) {
  const live = useLiveUpdates();
  return useQuery(weekQueryOptions(weekStart, live));
}
