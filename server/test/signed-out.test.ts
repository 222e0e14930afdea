import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { registeredRoutes } from '../plugins/route-facts';
import { buildTestApp } from './helper';

/**
 * Every API route, as the instance lists it (a new route is covered without touching this file),
 * refuses a request without a session with 401 and the Spanish message, unless its own options
 * declare it public: a route that exists for people who are not signed in yet.
 */
const t = await buildTestApp();
const routes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/'));
const isPublic = (route: (typeof routes)[number]) => Boolean(route.config.public);

afterAll(async () => {
  await t.close();
});

describe('signed out', () => {
  it('reads which routes are public from the routes themselves', () => {
    expect(routes.filter(isPublic)).toContainEqual(
      expect.objectContaining({ method: 'POST', url: '/api/auth/login' }),
    );
    expect(routes.filter(isPublic)).not.toContainEqual(
      expect.objectContaining({ method: 'POST', url: '/api/appa' }),
    );
  });

  it.each(routes.filter((r) => !isPublic(r)))(
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

  // The route's schemas would refuse this input: the caller learns nothing of what it expects.
  it.each(routes.filter((r) => !isPublic(r)))(
    '$method $url answers 401 before it reads its input',
    async ({ method, url }) => {
      const res = await t.app.inject({
        method: method as 'GET',
        url: `${url.replace(/:\w+/g, 'no-es-un-id')}?weekStart=ayer&limit=-1`,
        payload: method === 'GET' || method === 'DELETE' ? undefined : { avances: ['cosa', 1] },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.notSignedIn });
    },
  );
});
