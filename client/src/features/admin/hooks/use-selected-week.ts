import { recentWeeks, type Week } from '@common/week';
import { useSearchParams } from 'react-router';

/**
 * The week Resumen Semanal shows, kept in the address (?semana=YYYY-MM-DD) so that a reload keeps
 * it: one of the current week and the three before it, in `timeZone`; the current one otherwise.
 */
export function useSelectedWeek(timeZone: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const weeks = recentWeeks(new Date(), timeZone, 4);
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
