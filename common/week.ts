import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO, startOfWeek, subWeeks } from 'date-fns';
import { DEFAULT_TIMEZONE } from './roles';

export { weekLabel } from './week-label';

/** A calendar date, YYYY-MM-DD. */
export type IsoDate = string;

export interface Week {
  weekStart: IsoDate;
  weekEnd: IsoDate;
}

/** The Monday-to-Sunday week that contains `instant` as seen in `timeZone`. */
export function weekOf(instant: Date, timeZone: string = DEFAULT_TIMEZONE): Week {
  const local = new TZDate(instant.getTime(), timeZone);
  const monday = startOfWeek(local, { weekStartsOn: 1 });
  return {
    weekStart: format(monday, 'yyyy-MM-dd'),
    weekEnd: format(addDays(monday, 6), 'yyyy-MM-dd'),
  };
}

/** The week that starts on `weekStart` (which must be a Monday). */
export function weekFromStart(weekStart: IsoDate): Week {
  return { weekStart, weekEnd: format(addDays(parseISO(weekStart), 6), 'yyyy-MM-dd') };
}

export function isMonday(date: IsoDate): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && parseISO(date).getDay() === 1;
}

/** The current week and the `count - 1` weeks before it, newest first. */
export function recentWeeks(instant: Date, timeZone: string, count: number): Week[] {
  const current = parseISO(weekOf(instant, timeZone).weekStart);
  return Array.from({ length: count }, (_, i) =>
    weekFromStart(format(subWeeks(current, i), 'yyyy-MM-dd')),
  );
}

/** The instant a week's report is due: its Monday at `time` (HH:mm) in `timeZone`. */
export function weekDeadline(weekStart: IsoDate, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = weekStart.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, 0, timeZone).getTime());
}
