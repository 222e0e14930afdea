import Papa from 'papaparse';

/** A cell of an exported table; numbers stay numbers (never escaped as formulas). */
export type CsvCell = string | number | null;

/** Byte order mark: spreadsheet programs read the file as UTF-8 and keep the accents. */
export const UTF8_BOM = '\uFEFF';

/**
 * CSV a spreadsheet opens correctly: UTF-8 with BOM so accents survive,
 * CRLF line ends, cells that start with = + - @ (or a tab or CR) prefixed with a quote so they
 * are never run as formulas. The one rule for the browser's and the server's exports.
 */
export function toCsv(fields: string[], rows: CsvCell[][]): string {
  return `${UTF8_BOM}${Papa.unparse({ fields, data: rows }, { escapeFormulae: true, newline: '\r\n' })}`;
}
