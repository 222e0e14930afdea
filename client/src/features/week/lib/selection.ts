/**
 * The rows checked in a table the server pages: each row's id with its author's id and whether
 * the viewer may download it, so that the rows checked on other pages still count for 'Recordar'
 * and 'Descargar todo'.
 */
export type SelectedRow = { id: string; userId: string; downloadable: boolean };
/** Row id → the row. */
export type Selection = ReadonlyMap<string, SelectedRow>;

export const NO_SELECTION: Selection = new Map();

/** `rows` checked (or unchecked), the other rows as they were. */
export function selectRows(
  selection: Selection,
  rows: readonly SelectedRow[],
  checked: boolean,
): Selection {
  const next = new Map(selection);
  for (const row of rows) {
    if (checked) next.set(row.id, row);
    else next.delete(row.id);
  }
  return next;
}

/** `row` checked when it was not, unchecked when it was. */
export const toggleRow = (selection: Selection, row: SelectedRow): Selection =>
  selectRows(selection, [row], !selection.has(row.id));

/** The authors to remind, each once. */
export const selectedUserIds = (selection: Selection): string[] => [
  ...new Set([...selection.values()].map((row) => row.userId)),
];

/** The reports to put in the zip: someone else's draft is not the viewer's to download. */
export const downloadableIds = (selection: Selection): string[] =>
  [...selection.values()].filter((row) => row.downloadable).map((row) => row.id);
