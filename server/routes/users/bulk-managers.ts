import { randomUUID } from 'node:crypto';
import { inArray, or } from 'drizzle-orm';
import { orderByManager } from '../../../common/bulk-managers';
import { BULK_MSG, USER_MSG } from '../../../common/schemas/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

type Row = { index: number; row: { email: string; manager: string | null } };

export type Placed<T extends Row> = T & {
  /** Chosen here, so that a row's manager from the same import is known before either exists. */
  id: string;
  managerId: string | null;
  /** The manager is a row of this import, created just before. */
  managerInImport: boolean;
};

/**
 * Where each new person goes in the hierarchy. A manager is named by e-mail or user name: an
 * existing person who is not suspended (nobody would read the reports of people placed under a
 * suspended account), or another row of the import. Rows come back managers first, ready to be
 * inserted in that order; the others are refused with the reason.
 */
export async function placeUnderManagers<T extends Row>(
  db: Db,
  rows: readonly T[],
): Promise<{ placed: Placed<T>[]; refused: { index: number; email: string; reason: string }[] }> {
  const { ordered, refused: looped } = orderByManager(
    rows.map((r) => ({ email: r.row.email, manager: r.row.manager, r })),
  );
  const refused = looped.map(({ row, reason }) => ({
    index: row.r.index,
    email: row.email,
    reason,
  }));
  const refs = [...new Set(ordered.flatMap(({ manager }) => (manager ? [manager] : [])))];
  const existing = new Map<string, { id: string; status: string }>();
  for (let i = 0; i < refs.length; i += 500) {
    const some = refs.slice(i, i + 500);
    const found = await db
      .select({ id: users.id, email: users.email, username: users.username, status: users.status })
      .from(users)
      .where(or(inArray(users.email, some), inArray(users.username, some)));
    for (const person of found) {
      existing.set(person.email, person);
      existing.set(person.username, person);
    }
  }

  const inImport = new Set(rows.map((r) => r.row.email));
  const idOf = new Map<string, string>();
  const placed: Placed<T>[] = [];
  for (const { r, manager } of ordered) {
    const person = manager ? existing.get(manager) : undefined;
    let managerId: string | null = null;
    let reason: string | null = null;
    if (manager && person) {
      if (person.status === 'SUSPENDIDO') reason = BULK_MSG.managerSuspended;
      else managerId = person.id;
    } else if (manager) {
      managerId = idOf.get(manager) ?? null;
      if (!managerId) {
        reason = inImport.has(manager) ? BULK_MSG.managerNotImported : USER_MSG.managerNotFound;
      }
    }
    if (reason) {
      refused.push({ index: r.index, email: r.row.email, reason });
      continue;
    }
    const id = randomUUID();
    idOf.set(r.row.email, id);
    placed.push({ ...r, id, managerId, managerInImport: !!manager && !person });
  }
  return { placed, refused };
}
