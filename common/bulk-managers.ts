import { BULK_MSG, USER_MSG } from './schemas/users';

type Row = { email: string; manager: string | null };

/**
 * The rows of one import in the order they can be created: a row whose manager is another row of
 * the import comes after that row, whatever the order of the file; otherwise the file's order is
 * kept. A row that names itself, or takes part in a loop of managers (A under B, B under A), is
 * refused, and so is a row whose manager is refused for that. A manager who is not a row is left
 * for the server to look up among existing people. E-mails and managers come lower-cased.
 */
export function orderByManager<T extends Row>(
  rows: readonly T[],
): { ordered: T[]; refused: { row: T; reason: string }[] } {
  const byEmail = new Map<string, T>();
  for (const row of rows) if (!byEmail.has(row.email)) byEmail.set(row.email, row);

  const placed: { row: T; depth: number; at: number }[] = [];
  const refused: { row: T; reason: string }[] = [];
  rows.forEach((row, at) => {
    if (row.manager === row.email) {
      refused.push({ row, reason: USER_MSG.managerSelf });
      return;
    }
    // Climb the managers that are rows of the import until one is not, or one repeats.
    const seen = new Set<T>([row]);
    let depth = 0;
    for (let up = row.manager ? byEmail.get(row.manager) : undefined; up;) {
      if (up === row) {
        refused.push({ row, reason: USER_MSG.managerLoop });
        return;
      }
      if (seen.has(up) || up.manager === up.email) {
        refused.push({ row, reason: BULK_MSG.managerNotImported });
        return;
      }
      seen.add(up);
      depth += 1;
      up = up.manager ? byEmail.get(up.manager) : undefined;
    }
    placed.push({ row, depth, at });
  });
  placed.sort((a, b) => a.depth - b.depth || a.at - b.at);
  return { ordered: placed.map((p) => p.row), refused };
}
