import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { buildTestApp } from './helper';
import { listRoutes } from './routes';

/**
 * Every API route, as the instance lists it (a new route is covered without touching this file),
 * refuses a request without a session with 401 and the Spanish message, unless it is one of the
 * routes that exist for people who are not signed in yet.
 */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/config',
  'POST /api/auth/login',
  'POST /api/auth/login-username',
  'POST /api/auth/magic-link',
  'POST /api/auth/verify-magic-link',
  'POST /api/register',
  'POST /api/demo/login',
  'POST /api/logout',
  // The personal sign-in page greets the person by name before they sign in.
  'GET /api/users/slug/:slug',
  // The local stand-in for S3: authorised by the signature the server gave, as S3 would be.
  'PUT /api/objects/upload/:id',
]);

const t = await buildTestApp();
const routes = listRoutes(t.app).filter((r) => r.url.startsWith('/api/'));

afterAll(async () => {
  await t.close();
});

describe('signed out', () => {
  it('names only routes that exist among the public ones', () => {
    const listed = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect([...PUBLIC].filter((r) => !listed.has(r))).toEqual([]);
  });

  it.each(routes.filter((r) => !PUBLIC.has(`${r.method} ${r.url}`)))(
    '$method $url answers 401',
    async ({ method, url }) => {
      const res = await t.app.inject({
        method: method as 'GET',
        url: url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000'),
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.notSignedIn });
    },
  );
});
