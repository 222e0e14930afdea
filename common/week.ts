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

/**
 * The weeks of the last few instants, time zones and starts asked for. Every request of the panel
 * and the dashboards names its week, and the time-zone arithmetic cost more than answering from
 * the server's memory; the answers never change, so a few hundred are kept.
 */
const MEMO_MAX = 512;
function remembered<T>(memo: Map<string, T>, key: string, compute: () => T): T {
  let value = memo.get(key);
  if (value === undefined) {
    if (memo.size >= MEMO_MAX) memo.clear();
    value = compute();
    memo.set(key, value);
  }
  return value;
}
const weeksOf = new Map<string, Week>();
const weeksFrom = new Map<string, Week>();
const recent = new Map<string, readonly Week[]>();

/** The Monday-to-Sunday week that contains `instant` as seen in `timeZone`. */
export function weekOf(instant: Date, timeZone: string = DEFAULT_TIMEZONE): Week {
  // Weeks start at a local midnight and time zones are offset by whole minutes, so every instant
  // of one minute is in the same week.
  const minute = Math.floor(instant.getTime() / 60_000);
  const week = remembered(weeksOf, `${timeZone}|${minute}`, () => {
    const local = new TZDate(minute * 60_000, timeZone);
    const monday = startOfWeek(local, { weekStartsOn: 1 });
    return {
      weekStart: format(monday, 'yyyy-MM-dd'),
      weekEnd: format(addDays(monday, 6), 'yyyy-MM-dd'),
    };
  });
  return { ...week };
}

/** The week that starts on `weekStart` (which must be a Monday). */
export function weekFromStart(weekStart: IsoDate): Week {
  const week = remembered(weeksFrom, weekStart, () => ({
    weekStart,
    weekEnd: format(addDays(parseISO(weekStart), 6), 'yyyy-MM-dd'),
  }));
  return { ...week };
}

const mondays = new Map<string, boolean>();

export function isMonday(date: IsoDate): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  return remembered(mondays, date, () => parseISO(date).getDay() === 1);
}

/** The current week and the `count - 1` weeks before it, newest first. */
export function recentWeeks(instant: Date, timeZone: string, count: number): Week[] {
  const { weekStart } = weekOf(instant, timeZone);
  const weeks = remembered(recent, `${weekStart}|${count}`, () => {
    const current = parseISO(weekStart);
    return Array.from({ length: count }, (_, i) =>
      weekFromStart(format(subWeeks(current, i), 'yyyy-MM-dd')),
    );
  });
  return weeks.map((week) => ({ ...week }));
}

/** The instant a week's report is due: its Monday at `time` (HH:mm) in `timeZone`. */
export function weekDeadline(weekStart: IsoDate, time: string, timeZone: string): Date {
  return localInstant(weekStart, time, timeZone);
}

/** The instant a calendar date's day starts (its local midnight) in `timeZone`. */
export function startOfLocalDay(date: IsoDate, timeZone: string): Date {
  return localInstant(date, '00:00', timeZone);
}

/** The instant `date` at `time` (HH:mm) is in `timeZone`. */
function localInstant(date: IsoDate, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, 0, timeZone).getTime());
}
