import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../test/helper';
import { HIERARCHY_ROUTES, TOKEN_ROUTES } from '../test/token-routes';
import { registeredRoutes, type Api } from './route-facts';

let t: TestApp;
let invalidate: ReturnType<typeof vi.spyOn>;
let headers: Record<string, string>;
/** Who writes through the probes: the cache hears who wrote, so their next look is exact. */
let writer = '';

/** Routes that exist only here, added before the instance first answers. */
function addProbeRoutes(app: Api) {
  const body = z.object({ nombre: z.string({ error: 'El nombre es requerido' }) });
  app.post('/api/probe/silent', async () => ({ ok: true }));
  app.post('/api/probe/nothing', { config: { invalidates: false } }, async () => ({ ok: true }));
  app.post('/api/probe/people', { config: { invalidates: 'people' } }, async () => ({ ok: true }));
  app.post(
    '/api/probe/refused',
    { schema: { body }, config: { invalidates: 'people' } },
    async () => ({ ok: true }),
  );
  app.get('/api/probe/private', async () => ({ secret: 'solo con sesión' }));
  app.get(
    '/api/probe/trimmed',
    {
      schema: { response: { 200: z.object({ shown: z.string() }) } },
      config: { public: true },
    },
    async () => ({ shown: 'sí', hidden: 'no debe salir' }),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  addProbeRoutes(t.app.withTypeProvider<ZodTypeProvider>());
  const user = await buildUser(t, { role: 'USER' });
  writer = user.id;
  headers = await authHeader(t, user);
  invalidate = vi.spyOn(t.ctx.readCache, 'invalidate');
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('route facts', () => {
  it('every write of the application says what it changes in the read cache', () => {
    const app = registeredRoutes(t.app).filter((r) => !r.url.startsWith('/api/probe/'));
    const writes = app.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(20);
    // Or the events it announces say it (events/catalogue.ts).
    const silent = writes.filter((r) => r.config.invalidates === undefined && !r.config.announces);
    expect(silent).toEqual([]);
  });

  it('every route of the API says whether an API token reaches it, and with which scope', () => {
    const api = registeredRoutes(t.app).filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/probe/'),
    );
    expect(api.length).toBeGreaterThan(50);
    const silent = api.filter((r) => r.config.tokenScope === undefined);
    expect(silent.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // What the routes declare adds up to the reviewed list, no more and no less.
    const reached = api.flatMap((r) =>
      r.config.tokenScope ? [[`${r.method} ${r.url}`, r.config.tokenScope] as const] : [],
    );
    expect(Object.fromEntries(reached)).toEqual(TOKEN_ROUTES);
    // The hierarchy scope comes on top of a write's own scope, never alone.
    const hierarchy = api.filter((r) => r.config.hierarchyScope);
    expect(hierarchy.filter((r) => !r.config.tokenScope || r.method === 'GET')).toEqual([]);
    expect(new Set(hierarchy.map((r) => `${r.method} ${r.url}`))).toEqual(HIERARCHY_ROUTES);
  });

  it('only writes announce live events', () => {
    const announcing = registeredRoutes(t.app).filter((r) => r.config.announces);
    expect(announcing.length).toBeGreaterThan(0);
    expect(announcing.filter((r) => r.method === 'GET')).toEqual([]);
  });

  it('a write that declares nothing empties everything: the safe mistake', async () => {
    invalidate.mockClear();
    expect((await post('/api/probe/silent')).statusCode).toBe(200);
    expect(invalidate).toHaveBeenCalledWith('everything', writer);
  });

  it('a write forgets what it declares, and nothing when it changes nothing kept', async () => {
    invalidate.mockClear();
    await post('/api/probe/people');
    expect(invalidate.mock.calls).toEqual([['people', writer]]);
    invalidate.mockClear();
    await post('/api/probe/nothing');
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('a refused write and a read empty nothing', async () => {
    invalidate.mockClear();
    const refused = await post('/api/probe/refused', {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'El nombre es requerido' });
    await t.app.inject({ method: 'GET', url: '/api/probe/private', headers });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('a route that is not public answers 401 without a session, even if it never asks for one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/private' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/probe/private', headers });
    expect(signedIn.statusCode).toBe(200);
  });

  it('an answer carries only the fields its schema names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/trimmed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ shown: 'sí' });
  });
});
