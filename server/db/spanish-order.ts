import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Names sorted as a Spanish reader expects (á with a, ñ after n, upper and lower case together),
 * the same on the embedded PGlite and on PostgreSQL. Neither can be relied on for a Spanish
 * collation: PGlite's ICU holds only the root locale (ñ among the n) and its database collation
 * is C; a server's default collation is whatever initdb was given. So the key is built by hand
 * and compared byte by byte (collate "C"): accents dropped, ñ written 'n~' ('~' comes after every
 * letter, so 'ñ' sorts after 'nz' and before 'o'), lower case. It matches `compareSpanish` of
 * common/text.ts, which the browser and the server's own sorts use.
 */
const ACCENTED = 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÇç';
const PLAIN = 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCc';

/** The ORDER BY terms of a name column: the Spanish key, then the name itself to break ties. */
export function spanishOrder(name: AnyColumn | SQL): SQL[] {
  const folded = sql`translate(${name}, ${ACCENTED}, ${PLAIN})`;
  return [
    sql`lower(replace(replace(${folded}, 'Ñ', 'n~'), 'ñ', 'n~')) collate "C"`,
    sql`${name} collate "C"`,
  ];
}
