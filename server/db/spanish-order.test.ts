import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareSpanish } from '../../common/text';
import { openTestDatabase } from '../test/helper';
import type { Database } from './client';
import { spanishOrder } from './spanish-order';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The names as the database orders them with spanishOrder(). */
async function ordered(names: readonly string[]): Promise<string[]> {
  const values = sql.join(
    names.map((n) => sql`(${n})`),
    sql`, `,
  );
  const rows = await database.db
    .select({ n: sql<string>`n` })
    .from(sql`(values ${values}) as v(n)`)
    .orderBy(...spanishOrder(sql`n`));
  return rows.map((r) => r.n);
}

describe('spanishOrder', () => {
  it('puts á with a, ñ after n, and upper and lower case together', async () => {
    expect(
      await ordered(['Zoe', 'óscar', 'Ñusta', 'Nora', 'Ana', 'Álvaro', 'Nuñez', 'Oscar']),
    ).toEqual(['Álvaro', 'Ana', 'Nora', 'Nuñez', 'Ñusta', 'Oscar', 'óscar', 'Zoe']);
  });

  it('gives the order compareSpanish gives in the browser', async () => {
    const names = [
      'Ñandú Quispe',
      'Nusa Torres',
      'Núñez Pérez',
      'nadia ríos',
      'Éric Díaz',
      'Eduardo Ávila',
      'Íñigo Úbeda',
      'Ignacio Ugarte',
      'Zoe Zúñiga',
      'Úrsula Ccori',
      'Camila Ñahui',
      'Camilo Nájar',
      'José María',
      'Jose Luis',
      'Ana Belén',
      'Ana Beatriz',
    ];
    expect(await ordered(names)).toEqual(names.toSorted(compareSpanish));
  });
});
