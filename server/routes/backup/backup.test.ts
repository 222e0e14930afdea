import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT_VERSION } from '../../../common/schemas/demo';
import { auditLog, oneTimeTokens, sessions, users } from '../../db/schema';
import { describeAdminOnly } from '../../test/admin-only';
import { entriesOf, manifestOf, rowsOf, sha256 } from '../../test/archive';
import { buildReport } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describeAdminOnly('the backup is for administrators only', () => t, [
  ['GET', '/api/admin/backup', undefined],
]);

describe('GET /api/admin/backup', () => {
  it('answers the restorable archive: every table, password hashes, no session or token', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const author = await buildUser(t, { role: 'LIDER', fullName: 'Autora Respaldada' });
    await buildReport(t, { user: author, weekStart: '2026-11-16', status: 'ENVIADO' });
    await t.db.insert(oneTimeTokens).values({
      userId: author.id,
      tokenHash: 'hash-de-token-que-no-debe-salir',
      purpose: 'MAGIC_LINK',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    });
    const headers = await authHeader(t, admin);

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/backup', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="appa-respaldo-2026-11-18\.tar\.gz"/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');

    const entries = await entriesOf(res.rawPayload);
    const manifest = manifestOf(entries);
    expect(manifest.version).toBe(BACKUP_FORMAT_VERSION);
    for (const [name, entry] of Object.entries(manifest.entries))
      expect(sha256(entries.get(name) ?? Buffer.alloc(0)), name).toBe(entry.sha256);
    expect(rowsOf(entries, 'users')).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: author.id, role: 'LIDER' })]),
    );
    expect(rowsOf(entries, 'appa_submissions')).toEqual([
      expect.objectContaining({ user_id: author.id, week_start: '2026-11-16', status: 'ENVIADO' }),
    ]);

    // Password hashes are restored (or nobody could sign in); sessions and tokens never leave.
    const [stored] = await t.db.select().from(users).where(eq(users.id, author.id));
    expect(rowsOf(entries, 'users').find((u) => u.id === author.id)?.password).toBe(
      stored?.password,
    );
    const sessionHashes = (await t.db.select({ h: sessions.tokenHash }).from(sessions)).map(
      (s) => s.h,
    );
    expect(sessionHashes.length).toBeGreaterThan(0);
    const everything = [...entries.values()].map((b) => b.toString('utf8')).join('\n');
    for (const secret of [...sessionHashes, 'hash-de-token-que-no-debe-salir'])
      expect(everything).not.toContain(secret);
    expect(manifest.tables.map((x) => x.name)).not.toEqual(
      expect.arrayContaining(['sessions', 'one_time_tokens', 'login_throttle']),
    );

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(rows.filter((r) => r.action === 'admin.backup_exported')).toMatchObject([
      { entity: 'system', meta: { users: rowsOf(entries, 'users').length, reports: 1 } },
    ]);
  });
});
