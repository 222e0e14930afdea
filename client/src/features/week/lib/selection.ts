/**
 * The rows checked in a table the server pages: each row's id with its author's id, so that the
 * rows checked on other pages still count for 'Recordar' and 'Descargar todo'.
 */
export type SelectedRow = { id: string; userId: string };
/** Row id → author id. */
export type Selection = ReadonlyMap<string, string>;

export const NO_SELECTION: Selection = new Map();

/** `rows` checked (or unchecked), the other rows as they were. */
export function selectRows(
  selection: Selection,
  rows: readonly SelectedRow[],
  checked: boolean,
): Selection {
  const next = new Map(selection);
  for (const row of rows) {
    if (checked) next.set(row.id, row.userId);
    else next.delete(row.id);
  }
  return next;
}

/** `row` checked when it was not, unchecked when it was. */
export const toggleRow = (selection: Selection, row: SelectedRow): Selection =>
  selectRows(selection, [row], !selection.has(row.id));

/** The authors to remind, each once. */
export const selectedUserIds = (selection: Selection): string[] => [...new Set(selection.values())];
