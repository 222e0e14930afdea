/**
 * A file size as the attachment lists show it: kilobytes with one decimal, '12.3 KB'. A file of a
 * few bytes reads '0.1 KB', not '0.0 KB', which would look empty.
 */
export function formatKilobytes(bytes: number): string {
  const kilobytes = bytes > 0 ? Math.max(bytes / 1024, 0.1) : 0;
  return `${kilobytes.toFixed(1)} KB`;
}

/** 'dd/mm/yyyy HH:mm' of an instant, as seen in `timeZone` (the browser's own by default). */
export function formatDateTime(iso: string, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
  } catch {
    // A time zone this browser does not know: its own is the best guess.
    formatter = new Intl.DateTimeFormat('en-GB', options);
  }
  const parts = formatter.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}
