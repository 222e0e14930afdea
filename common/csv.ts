import Papa from 'papaparse';

/** A cell of an exported table; numbers stay numbers (never escaped as formulas). */
export type CsvCell = string | number | null;

/** Byte order mark: spreadsheet programs read the file as UTF-8 and keep the accents. */
export const UTF8_BOM = '\uFEFF';

/**
 * A text cell a spreadsheet would run as a formula: one that starts with = + - @, a tab or a
 * carriage return, whatever follows. Papa Parse's own pattern (`escapeFormulae: true`) ends at the
 * first line break, so a formula with a second line slipped through.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV a spreadsheet opens correctly: UTF-8 with BOM so accents survive,
 * CRLF line ends, text cells that could run as formulas prefixed with a quote, multi-line ones
 * included. The one rule for the browser's and the server's exports.
 */
export function toCsv(fields: string[], rows: CsvCell[][]): string {
  return `${UTF8_BOM}${Papa.unparse({ fields, data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' })}`;
}
