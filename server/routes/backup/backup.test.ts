import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT_VERSION } from '../../../common/schemas/demo';
import { auditLog, oneTimeTokens, sessions, users } from '../../db/schema';
import { describeAdminOnly } from '../../test/admin-only';
import { buildReport } from '../../test/factories';
import { UPLOAD_SIGNING_KEY, uploadSigningKey } from '../../storage/signing-key';
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
  it('answers every table of the organisation as a JSON attachment, without any secret', async () => {
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
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="appa-respaldo-/);
    expect(res.headers['cache-control']).toBe('private, no-store');

    const body = res.json<Record<string, unknown[]> & { version: number }>();
    expect(body.version).toBe(BACKUP_FORMAT_VERSION);
    for (const key of ['users', 'reports', 'files', 'comments', 'tasks', 'reminders', 'shares'])
      expect(Array.isArray(body[key]), key).toBe(true);
    expect(Array.isArray(body.settings)).toBe(true);
    expect(body.users).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: author.id, role: 'LIDER' })]),
    );
    expect(body.reports).toEqual([
      expect.objectContaining({ userId: author.id, weekStart: '2026-11-16', status: 'ENVIADO' }),
    ]);

    // No password hash, PIN hash, session or token hash, under any name.
    const hashes = (await t.db.select({ password: users.password }).from(users)).map(
      (u) => u.password,
    );
    const sessionHashes = (await t.db.select({ h: sessions.tokenHash }).from(sessions)).map(
      (s) => s.h,
    );
    expect(sessionHashes.length).toBeGreaterThan(0);
    for (const secret of [...hashes, ...sessionHashes, 'hash-de-token-que-no-debe-salir'])
      if (secret) expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/"password"|"pinHash"|"tokenHash"|\$argon2/i);
    expect(res.body).not.toContain(author.plainPassword);
    // Nor the key that signs upload addresses: whoever holds it forges them.
    const signingKey = (await uploadSigningKey(t.db)).toString('base64');
    expect(res.body).not.toContain(signingKey);
    expect(res.body).not.toContain(UPLOAD_SIGNING_KEY);

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(rows.filter((r) => r.action === 'admin.backup_exported')).toMatchObject([
      { entity: 'system', meta: { users: body.users?.length, reports: 1 } },
    ]);
  });
});
