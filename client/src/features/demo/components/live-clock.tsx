import { formatDateTime } from '@common/date-format';
import { useEffect, useState } from 'react';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

/** The weekday in words, then the date and the 24-hour time with seconds, as the demo screens show it. */
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long' };

/** The date and time in the organisation's time zone, refreshed every second. */
export function LiveClock() {
  const timeZone = useOrganisationTimeZone();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time
      dateTime={now.toISOString()}
      data-testid="live-clock"
      className="font-mono text-sm text-muted-foreground tabular-nums"
    >
      {clockText(now, timeZone)}
    </time>
  );
}

/** 'jueves, 26/11/2026 14:05:09': the seconds show that the clock is live. */
export function clockText(now: Date, timeZone: string): string {
  let weekday: string;
  try {
    weekday = now.toLocaleDateString('es', { ...WEEKDAY, timeZone });
  } catch {
    weekday = now.toLocaleDateString('es', WEEKDAY);
  }
  const seconds = String(now.getUTCSeconds()).padStart(2, '0');
  return `${weekday}, ${formatDateTime(now, timeZone)}:${seconds}`;
}
