import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../lib/tokens';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
import { migrationsFolder } from './client';
import { apiTokens } from './schema';

/**
 * Personal tokens made before they had a default life had no end, or one up to two years away:
 * the upgrade gives each at most 90 days from then, and leaves service and revoked tokens alone.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

describe('the upgrade that gives old personal tokens an end', () => {
  it('ends each live personal token within 90 days, keeping a sooner end', async () => {
    const owner = await buildUser(t);
    const now = Date.now();
    const rows = {
      endless: { kind: 'PERSONAL', expiresAt: null, revokedAt: null },
      twoYears: { kind: 'PERSONAL', expiresAt: new Date(now + 700 * DAY), revokedAt: null },
      soon: { kind: 'PERSONAL', expiresAt: new Date(now + 10 * DAY), revokedAt: null },
      service: { kind: 'SERVICE', expiresAt: null, revokedAt: null },
      revoked: { kind: 'PERSONAL', expiresAt: null, revokedAt: new Date(now - DAY) },
    } as const;
    const ids: Record<string, string> = {};
    for (const [name, row] of Object.entries(rows)) {
      const [inserted] = await t.db
        .insert(apiTokens)
        .values({
          ...row,
          name,
          userId: owner.id,
          scopes: ['reports:read'],
          tokenHash: hashToken(`appa_${name}`),
          preview: 'appa_x',
          createdAt: new Date('2025-01-01T00:00:00Z'),
        })
        .returning({ id: apiTokens.id });
      ids[name] = inserted?.id ?? '';
    }
    const migration = fs.readFileSync(
      path.join(migrationsFolder, '0017_personal_tokens_expire.sql'),
      'utf8',
    );
    await t.db.execute(sql.raw(migration));

    const endOf = async (name: string) =>
      (
        await t.db
          .select()
          .from(apiTokens)
          .where(eq(apiTokens.id, ids[name] ?? ''))
      )[0]?.expiresAt ?? null;
    for (const name of ['endless', 'twoYears']) {
      const end = (await endOf(name))?.getTime() ?? 0;
      expect(end).toBeGreaterThan(now + 89 * DAY);
      expect(end).toBeLessThan(now + 91 * DAY);
    }
    expect(await endOf('soon')).toEqual(rows.soon.expiresAt);
    expect(await endOf('service')).toBeNull();
    expect(await endOf('revoked')).toBeNull();
  });
});
