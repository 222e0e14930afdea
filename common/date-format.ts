// Every date and time a person reads goes through these: 'dd/mm/yyyy' and a 24-hour 'HH:mm', as
// Spanish-speaking organisations write them, whatever the browser's or the server's locale. Plain
// Intl rather than date-fns: the report form shows dates, and date-fns would weigh on its budget of
// JavaScript.

/** A calendar date, YYYY-MM-DD (a longer ISO text is read by its first ten characters). */
type IsoDate = string;

/** 'dd/mm/yyyy' of a calendar date; no time zone is involved. */
export function dayMonthYear(date: IsoDate): string {
  const [year = '', month = '', day = ''] = date.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

const FIELDS: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** Building a formatter is the slow part, and a page formats hundreds of dates in a few zones. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', { ...FIELDS, timeZone });
    } catch {
      // A time zone this runtime does not know: its own is the best guess.
      formatter = new Intl.DateTimeFormat('en-GB', FIELDS);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date ('dd/mm/yyyy') and time ('HH:mm', 24 h) of an instant as seen in `timeZone`. */
export function localDateTime(
  value: Date | string | number,
  timeZone: string,
): { date: string; time: string } {
  const parts = formatterFor(timeZone).formatToParts(new Date(value));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('day')}/${part('month')}/${part('year')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** 'dd/mm/yyyy HH:mm' of an instant as seen in `timeZone`. */
export function formatDateTime(value: Date | string | number, timeZone: string): string {
  const { date, time } = localDateTime(value, timeZone);
  return `${date} ${time}`;
}

/** 'HH:mm' (24 h) of an instant as seen in `timeZone`. */
export function timeOfDay(value: Date | string | number, timeZone: string): string {
  return localDateTime(value, timeZone).time;
}

/**
 * A date as a person types it, 'dd/mm/yyyy' (one-digit day and month too, '-' or '.' between
 * them), or as a date input sends it, 'yyyy-mm-dd', as the calendar date 'yyyy-mm-dd'; null when
 * it is neither or the day does not exist (31/02/2026).
 */
export function parseDayMonthYear(text: string): IsoDate | null {
  const trimmed = text.trim();
  const typed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const [year, month, day] = typed
    ? [Number(typed[3]), Number(typed[2]), Number(typed[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (year < 1000) return null;
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}
