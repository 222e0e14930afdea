// Apart from week.ts, and in plain arithmetic rather than date-fns: the report form shows the
// label, and date-fns would be 8 KiB of its 150 KiB budget of JavaScript.
import { dayMonthYear } from './date-format';

/** A calendar date, YYYY-MM-DD. */
type IsoDate = string;

/** 'Semana N (del dd/mm/yyyy al dd/mm/yyyy)', N being the ISO week number. */
export function weekLabel(week: { weekStart: IsoDate; weekEnd: IsoDate }): string {
  return `Semana ${isoWeekNumber(week.weekStart)} (del ${dayMonthYear(week.weekStart)} al ${dayMonthYear(week.weekEnd)})`;
}

/** ISO 8601: the week that holds the date's Thursday, counted from the one holding 4 January. */
function isoWeekNumber(date: IsoDate): number {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const utc = new Date(Date.UTC(year, month - 1, day));
  const thursday = new Date(utc.getTime() + (3 - ((utc.getUTCDay() + 6) % 7)) * 86_400_000);
  const firstOfYear = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - firstOfYear) / (7 * 86_400_000)) + 1;
}
