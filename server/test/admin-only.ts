import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import type { Role } from '../../common/roles';
import { auditLog } from '../db/schema';
import { authHeader, buildUser, type TestApp } from './helper';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Endpoint = readonly [Method, string, object | undefined];

const NON_ADMIN_ROLES: Role[] = ['CONSEJO', 'VP', 'GERENTE', 'LIDER', 'USER'];

/**
 * The cases every ADMIN-only API opens with: 401 signed out, and 403 (audited) to each other role
 * on every endpoint. `app` is read when the tests run; `unchanged` checks that nothing was written.
 */
export function describeAdminOnly(
  title: string,
  app: () => TestApp,
  endpoints: readonly Endpoint[],
  unchanged: () => Promise<void> = async () => {},
) {
  describe(title, () => {
    it.each(endpoints)('%s %s answers 401 signed out', async (method, url, payload) => {
      const res = await app().app.inject({ method, url, payload });
      expect(res.statusCode).toBe(401);
    });

    it.each(NON_ADMIN_ROLES)('answers 403 to %s on every endpoint, and audits it', async (role) => {
      const t = app();
      const user = await buildUser(t, { role });
      const headers = await authHeader(t, user);
      for (const [method, url, payload] of endpoints) {
        const res = await t.app.inject({ method, url, headers, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: MSG.forbidden });
      }
      const refusals = await t.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
      expect(refusals.filter((r) => r.action === 'security.permission_refused')).toHaveLength(
        endpoints.length,
      );
      await unchanged();
    });
  });
}
