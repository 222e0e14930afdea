import { useEffect, useState } from 'react';

const clockFormat = new Intl.DateTimeFormat('es-PE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The date and time, refreshed every second. */
export function LiveClock() {
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
      {clockFormat.format(now)}
    </time>
  );
}
