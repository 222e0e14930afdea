import { recentWeeks, type Week } from '@common/week';
import { useSearchParams } from 'react-router';
import { useSignedInUser } from '@/lib/api/get-current-user';

/** How many weeks a dashboard's week picker offers: the current one and three back (spec 2 §9). */
export const DASHBOARD_WEEK_COUNT = 4;

/**
 * The week a dashboard shows, kept in the address (?semana=YYYY-MM-DD) so that a reload keeps it.
 * Defaults to the Monday of the current week in the viewer's own timezone (spec 2 §2).
 */
export function useDashboardWeek() {
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const weeks = recentWeeks(new Date(), user.timezone, DASHBOARD_WEEK_COUNT);
  const requested = searchParams.get('semana');
  const week: Week = weeks.find((w) => w.weekStart === requested) ?? (weeks[0] as Week);

  const selectWeek = (weekStart: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('semana', weekStart);
        return next;
      },
      { replace: true },
    );

  return { weeks, week, selectWeek };
}
