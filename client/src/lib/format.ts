/**
 * A file size as the attachment lists show it: kilobytes with one decimal, '12.3 KB'. A file of a
 * few bytes reads '0.1 KB', not '0.0 KB', which would look empty.
 */
export function formatKilobytes(bytes: number): string {
  const kilobytes = bytes > 0 ? Math.max(bytes / 1024, 0.1) : 0;
  return `${kilobytes.toFixed(1)} KB`;
}
