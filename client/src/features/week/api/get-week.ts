import { leaderWeekResponseSchema, type LeaderWeekResponse } from '@common/schemas/dashboard';
import { weekResponseSchema, type WeekResponse } from '@common/schemas/panel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/**
 * The two answers of GET /api/appa. 'area': every report of the week the viewer may read (the
 * whole organisation for an administrator or the board, the area below them for a VP or a
 * manager), who is pending, the teams and the counts. 'own': the viewer's own report, the live
 * shares of it and the reports other leaders shared with them (/lider, also for an administrator).
 */
type WeekAnswers = { area: WeekResponse; own: LeaderWeekResponse };
export type WeekView = keyof WeekAnswers;

const readWeek: { [V in WeekView]: (params: URLSearchParams) => Promise<WeekAnswers[V]> } = {
  area: (params) => api.get(`/api/appa?${params.toString()}`, weekResponseSchema),
  own: (params) => {
    params.set('view', 'own');
    return api.get(`/api/appa?${params.toString()}`, leaderWeekResponseSchema);
  },
};

/** GET /api/appa?weekStart=[&view=own]: the whole week, every report with its texts. */
export function getWeek<V extends WeekView>(weekStart: string, view: V): Promise<WeekAnswers[V]> {
  return readWeek[view](new URLSearchParams({ weekStart }));
}

export const weekQueryKey = (weekStart: string, view: WeekView) =>
  [...queryRoots.week, 'whole', view, weekStart] as const;

/** Fresh for the client's default five minutes; any change to a report made here invalidates it. */
export const weekQueryOptions = <V extends WeekView>(weekStart: string, view: V) =>
  queryOptions({
    queryKey: weekQueryKey(weekStart, view),
    queryFn: () => getWeek(weekStart, view),
  });

export function useWeek<V extends WeekView>(weekStart: string, view: V) {
  return useQuery(weekQueryOptions(weekStart, view));
}
