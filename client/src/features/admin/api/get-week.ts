import {
  weekPageSchema,
  weekResponseSchema,
  type WeekPage,
  type WeekPageQuery,
  type WeekResponse,
} from '@common/schemas/panel';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toSearchParams } from '@/lib/search-params';
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

/** GET /api/appa/week: one filtered page of the week; empty and default filters are left out. */
export function getWeekPage(query: WeekPageQuery): Promise<WeekPage> {
  return api.get(`/api/appa/week?${toSearchParams(query)}`, weekPageSchema);
}

/** As the whole week: polled unless live; the previous page stays on screen while the next loads. */
export const weekPageQueryOptions = (query: WeekPageQuery, live = false) =>
  queryOptions({
    queryKey: panelKeys.weekPage(query),
    queryFn: () => getWeekPage(query),
    staleTime: 0,
    refetchInterval: live ? false : POLL_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

export function useWeekPage(query: WeekPageQuery) {
  const live = useLiveUpdates();
  return useQuery(weekPageQueryOptions(query, live));
}
