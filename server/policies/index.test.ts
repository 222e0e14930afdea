import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../common/roles';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
import { can } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const REPORT_ID = '00000000-0000-4000-8000-000000000001';

describe('report policy', () => {
  it.each(ROLES)('%s reads and writes only what the rules allow', async (role) => {
    const author = await buildUser(t, { role });
    // Someone outside the author's hierarchy and without a share.
    const stranger = await buildUser(t, { role });
    const draft = { id: REPORT_ID, userId: author.id, status: 'BORRADOR' as const };
    const sent = { ...draft, status: 'ENVIADO' as const };
    expect(await can(t.ctx, author, 'report:read', sent)).toBe(true);
    expect(await can(t.ctx, author, 'report:write', draft)).toBe(true);
    expect(await can(t.ctx, author, 'report:write', sent)).toBe(false);
    expect(await can(t.ctx, stranger, 'report:read', sent)).toBe(
      role === 'ADMIN' || role === 'CONSEJO',
    );
    expect(await can(t.ctx, stranger, 'report:write', draft)).toBe(false);
  });
});
