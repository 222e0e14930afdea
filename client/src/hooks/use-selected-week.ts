import { recentWeeks, type Week } from '@common/week';
import { useSearchParams } from 'react-router';

/** The weeks a week selector offers: the current one and three back. */
export const SELECTABLE_WEEKS = 4;

/**
 * The week a panel tab or a dashboard shows, kept in the address (?semana=YYYY-MM-DD) so that a
 * reload keeps it: one of the current week and the three before it in `timeZone`; the current
 * one (its Monday) otherwise.
 */
export function useSelectedWeek(timeZone: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const weeks = recentWeeks(new Date(), timeZone, SELECTABLE_WEEKS);
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

  /** The week that runs: a finished week's team may have moved on since. */
  const isCurrent = week.weekStart === weeks[0]?.weekStart;
  return { weeks, week, selectWeek, isCurrent };
}
