import { UTF8_BOM } from './csv';
import { formatDateTime } from './date-format';

/**
 * How exported text reads, in the server's files and the browser's alike: Spanish dates,
 * percentages with a decimal comma, names that are safe as file and folder names on any system.
 */

/** 'dd/mm/yyyy HH:mm' of an instant in `timeZone`; '—' when there is none. */
export function dateTime(value: Date | string | null, timeZone: string): string {
  return value === null ? '—' : formatDateTime(value, timeZone);
}

export { percent } from './percent';

export const yesNo = (value: boolean) => (value ? 'Sí' : 'No');

/**
 * A name reduced to letters, digits, '.', '_' and '-' (accents dropped), never empty, never '.'
 * or '..', at most 60 characters: safe in a Content-Disposition and as a zip folder.
 */
export function safeFileSegment(name: string, fallback = 'APPA'): string {
  const cleaned = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  return cleaned || fallback;
}

/** Plain text as a downloaded file: UTF-8 with BOM and CRLF, which every editor opens. */
export function textFile(lines: readonly string[]): string {
  return `${UTF8_BOM}${lines.join('\n').replace(/\r?\n/g, '\r\n')}\r\n`;
}
