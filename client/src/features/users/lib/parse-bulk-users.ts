import { BULK_MSG, bulkUserRowSchema, foldText, type BulkUserRow } from '@common/schemas/users';
import { orderByManager } from '@common/bulk-managers';
import Papa from 'papaparse';

/** Column names the import recognises: the hierarchy's team and manager, and the timezone too. */
const FIELD_BY_HEADER: Record<string, keyof BulkUserRow> = {
  'nombre completo': 'fullName',
  fullname: 'fullName',
  'full name': 'fullName',
  nombre: 'fullName',
  name: 'fullName',
  email: 'email',
  'e mail': 'email',
  correo: 'email',
  'correo electronico': 'email',
  cargo: 'cargo',
  position: 'cargo',
  puesto: 'cargo',
  rol: 'role',
  role: 'role',
  'unidad organizacional': 'unidadOrganizacional',
  unidadorganizacional: 'unidadOrganizacional',
  unidad: 'unidadOrganizacional',
  equipo: 'unidadOrganizacional',
  area: 'unidadOrganizacional',
  'zona horaria': 'timezone',
  timezone: 'timezone',
  jefe: 'manager',
  'jefe directo': 'manager',
  'jefe inmediato': 'manager',
  'correo del jefe': 'manager',
  responsable: 'manager',
  supervisor: 'manager',
  manager: 'manager',
  'reporta a': 'manager',
};

export interface ReadRow {
  /**
   * 1-based position of the person in the text (data rows only, headers not counted). Rows come
   * managers first, so not always in this order.
   */
  row: number;
  data: BulkUserRow;
}

export interface RefusedRow {
  row: number;
  email: string | null;
  reason: string;
}

export type ParseOutcome =
  { ok: true; valid: ReadRow[]; refused: RefusedRow[] } | { ok: false; error: string };

function mapKeys(record: Record<string, unknown>): BulkUserRow {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const field = FIELD_BY_HEADER[foldText(key)];
    // The first column wins when two map to the same field ('nombre' and 'nombre completo').
    if (field && (out[field] === undefined || out[field] === '')) out[field] = value;
  }
  return out as BulkUserRow;
}

function readJson(text: string): Record<string, unknown>[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'users' in parsed) {
    parsed = parsed.users;
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  return items.map((item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? (item as Record<string, unknown>)
      : {},
  );
}

function readCsv(text: string): Record<string, unknown>[] | null {
  // Papa guesses the delimiter (',' but also ';', which spreadsheets in Spanish write).
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const headers = (result.meta.fields ?? []).map((h) => FIELD_BY_HEADER[foldText(h)]);
  if (!headers.includes('email') && !headers.includes('fullName')) return null;
  if (result.errors.some((e) => e.type === 'Quotes')) return null;
  return result.data;
}

/**
 * Reads the text of the Carga Masiva dialog: JSON (an object, an array, or `{ users: [...] }`) or
 * CSV whose first line holds the headers. Each person is checked with the same rules the server
 * applies, so the dialog can say at once which rows cannot be imported and why.
 */
export function parseBulkUsers(text: string): ParseOutcome {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: BULK_MSG.noValidUsers };
  const records = /^[[{]/.test(trimmed) ? readJson(trimmed) : readCsv(trimmed);
  if (!records) return { ok: false, error: BULK_MSG.invalidFormat };

  const readable: (ReadRow & { email: string; manager: string | null })[] = [];
  const refused: RefusedRow[] = [];
  records.forEach((record, i) => {
    const data = mapKeys(record);
    const check = bulkUserRowSchema.safeParse(data);
    if (check.success) {
      readable.push({ row: i + 1, data, email: check.data.email, manager: check.data.manager });
    } else {
      const email = typeof data.email === 'string' && data.email.trim() ? data.email.trim() : null;
      refused.push({ row: i + 1, email, reason: check.error.issues[0]?.message ?? '' });
    }
  });
  // Sent managers first, so that a manager further down the file exists when their people arrive.
  const { ordered, refused: loops } = orderByManager(readable);
  for (const { row, reason } of loops) refused.push({ row: row.row, email: row.email, reason });
  refused.sort((a, b) => a.row - b.row);
  const valid = ordered.map(({ row, data }) => ({ row, data }));
  if (valid.length === 0) return { ok: false, error: BULK_MSG.noValidUsers };
  return { ok: true, valid, refused };
}
