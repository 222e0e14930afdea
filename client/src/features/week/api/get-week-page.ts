import { weekPageSchema, type WeekPage, type WeekPageQuery } from '@common/schemas/panel';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveUpdates } from '@/lib/live-updates';
import { queryRoots } from '@/lib/query-roots';
import { toSearchParams } from '@/lib/search-params';

/**
 * GET /api/appa/week: one filtered page of the week the viewer may read, with the week's counts;
 * empty and default filters are left out. The panel's tabs, the dashboards' week lists and the
 * control pages all read the week through this one query.
 */
export function getWeekPage(query: WeekPageQuery): Promise<WeekPage> {
  return api.get(`/api/appa/week?${toSearchParams(query)}`, weekPageSchema);
}

export const weekPageQueryKey = (query: WeekPageQuery) =>
  [...queryRoots.week, 'page', query] as const;

/** The previous page stays on screen while the next one loads. */
export const weekPageQueryOptions = (query: WeekPageQuery) =>
  queryOptions({
    queryKey: weekPageQueryKey(query),
    queryFn: () => getWeekPage(query),
    placeholderData: keepPreviousData,
  });

/** How often the panel polls its week while the live channel is closed. */
export const POLL_MS = 5000;

/**
 * The panel watches its week: never fresh, read again on mount and on focus, and polled every
 * 5 s, except while the live channel is open, when it hears changes instead.
 */
export const watchedWeekPageQueryOptions = (query: WeekPageQuery, live = false) =>
  queryOptions({
    ...weekPageQueryOptions(query),
    staleTime: 0,
    refetchInterval: live ? false : POLL_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: 'always',
  });

/**
 * A page fresh for the client's default five minutes (the dashboards), or polled every
 * `refetchInterval` ms (the control pages); a change to a report made here invalidates it.
 */
export function useWeekPage(
  query: WeekPageQuery,
  { refetchInterval }: { refetchInterval?: number } = {},
) {
  return useQuery({ ...weekPageQueryOptions(query), refetchInterval });
}

/** A page as the panel watches it (see watchedWeekPageQueryOptions). */
export function useWatchedWeekPage(query: WeekPageQuery) {
  const live = useLiveUpdates();
  return useQuery(watchedWeekPageQueryOptions(query, live));
}
