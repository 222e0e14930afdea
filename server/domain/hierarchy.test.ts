import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
import { areaPeople, belowIds, isAbove, levelsBelow, managersAbove, whoIsBelow } from './hierarchy';

let t: TestApp;
/** top → mid → leaf, and a loop a ⇄ b with c below b. */
const ids: Record<string, string> = {};
const id = (key: string) => ids[key] ?? '';

beforeAll(async () => {
  t = await buildTestApp();
  const person = async (key: string, manager?: string) => {
    ids[key] = (await buildUser(t, { managerId: manager ? id(manager) : null })).id;
  };
  await person('top');
  await person('mid', 'top');
  await person('leaf', 'mid');
  await person('other');
  await person('a');
  await person('b', 'a');
  await person('c', 'b');
  await t.db
    .update(users)
    .set({ managerId: id('b') })
    .where(eq(users.id, id('a')));
});
afterAll(() => t.close());

const keysOf = (found: Iterable<string>) =>
  [...found].map((v) => Object.keys(ids).find((k) => ids[k] === v)).sort();

describe('the hierarchy', () => {
  it('finds everyone below someone, at any depth', async () => {
    const rows = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.id} in (${belowIds(id('top'))})`);
    expect(keysOf(rows.map((r) => r.id))).toEqual(['leaf', 'mid']);
  });

  it('says which of a list are below someone in one statement, climbing from each', async () => {
    const below = await whoIsBelow(t.ctx, id('top'), [
      id('leaf'),
      id('mid'),
      id('other'),
      id('top'),
    ]);
    expect(keysOf(below)).toEqual(['leaf', 'mid']);
    expect(await whoIsBelow(t.ctx, id('top'), [])).toEqual(new Set());
    expect(await isAbove(t.ctx, id('top'), id('leaf'))).toBe(true);
    expect(await isAbove(t.ctx, id('leaf'), id('top'))).toBe(false);
  });

  it('gives the managers above someone, nearest first', async () => {
    expect((await managersAbove(t.ctx, id('leaf'))).map((m) => keysOf([m])[0])).toEqual([
      'mid',
      'top',
    ]);
    expect(await managersAbove(t.ctx, id('top'))).toEqual([]);
  });

  it('ends every walk on a loop in the data', async () => {
    expect(await isAbove(t.ctx, id('a'), id('c'))).toBe(true);
    expect(keysOf(await whoIsBelow(t.ctx, id('a'), [id('b'), id('c')]))).toEqual(['b', 'c']);
    expect((await managersAbove(t.ctx, id('c'))).map((m) => keysOf([m])[0])).toEqual(['b', 'a']);
    const area = areaPeople({ kind: 'below', viewerId: id('a'), includeSelf: false });
    const rows = await t.db.select({ id: users.id }).from(users).where(area);
    expect(keysOf(rows.map((r) => r.id))).toEqual(['a', 'b', 'c']);
  });

  it('counts levels below a viewer from the rows’ managers', () => {
    const rows = [
      { id: 'mid', managerId: 'top' },
      { id: 'leaf', managerId: 'mid' },
      { id: 'orphan', managerId: null },
      { id: 'x', managerId: 'y' },
      { id: 'y', managerId: 'x' },
    ];
    const levels = levelsBelow(rows, 'top');
    expect(Object.fromEntries(levels)).toMatchObject({ mid: 1, leaf: 2, orphan: 1 });
    expect(levels.get('x')).toBeGreaterThan(0);
  });

  it('selects an area: everyone below, with or without the viewer, or the organisation', async () => {
    const people = async (includeSelf: boolean) =>
      keysOf(
        (
          await t.db
            .select({ id: users.id })
            .from(users)
            .where(areaPeople({ kind: 'below', viewerId: id('mid'), includeSelf }))
        ).map((r) => r.id),
      );
    expect(await people(false)).toEqual(['leaf']);
    expect(await people(true)).toEqual(['leaf', 'mid']);
    expect(areaPeople({ kind: 'organisation', viewerId: id('top') })).toBeUndefined();
  });
});
