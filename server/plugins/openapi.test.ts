import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../test/helper';
import { DESCRIPTION_ROUTES } from './openapi';
import { registeredRoutes } from './route-facts';
import { TOKEN_ROUTES } from './token-scopes';

let t: TestApp;
let open: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  open = await buildTestApp({ apiDocsPublic: true });
});
afterAll(async () => {
  await t.close();
  await open.close();
});

/** `/api/appa/:id` as OpenAPI writes it: `/api/appa/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the API description', () => {
  it('is a valid OpenAPI 3.1 document naming every route of the API, each with its method', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: await authHeader(t, admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const document = res.json<OpenAPIV3_1.Document>();
    expect(document.openapi).toBe('3.1.0');

    const validation = await new Validator().validate(document as never);
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);

    const routes = registeredRoutes(t.app).filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !(DESCRIPTION_ROUTES as readonly string[]).includes(r.url) &&
        r.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter(
      (r) => !document.paths?.[openApiPath(r.url)]?.[r.method.toLowerCase() as 'get'],
    );
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);

    // What a route takes and answers is described from its schemas.
    const login = document.paths?.['/api/auth/login']?.post;
    expect(login?.security).toEqual([]);
    const body = login?.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
    expect(body?.content['application/json']?.schema).toMatchObject({ type: 'object' });
    const user = document.paths?.['/api/user']?.get;
    expect(user?.security).toBeUndefined();
    expect(Object.keys(user?.responses ?? {})).toEqual(['200', 'default']);

    // Each route a token reaches names the scope it needs; the others are for sessions.
    expect(document.paths?.['/api/appa/week']?.get?.security).toEqual([
      { session: [] },
      { bearer: [] },
      { apiToken: ['reports:read'] },
    ]);
    // (A public route, like the personal sign-in page's greeting, needs nothing at all.)
    const operations = Object.entries(TOKEN_ROUTES).map(([key, scope]) => {
      const [method = '', url = ''] = key.split(' ');
      const operation = document.paths?.[openApiPath(url)]?.[method.toLowerCase() as 'get'];
      return { key, scope, security: operation?.security };
    });
    const guarded = operations.filter((o) => o.security?.length !== 0);
    expect(guarded.length).toBeGreaterThan(20);
    expect(guarded.map((o) => [o.key, o.security?.find((s) => s.apiToken)?.apiToken])).toEqual(
      guarded.map((o) => [o.key, [o.scope]]),
    );
    expect(document.paths?.['/api/tokens']?.post?.security).toBeUndefined();
  });

  it('is for administrators: refused signed out (401) and to everyone else (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
    for (const role of ['CONSEJO', 'VP', 'GERENTE', 'LIDER', 'USER'] as const) {
      const headers = await authHeader(t, await buildUser(t, { role }));
      for (const url of DESCRIPTION_ROUTES) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
      }
    }
  });

  it('is for anyone when API_DOCS_PUBLIC=1', async () => {
    const res = await open.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json<OpenAPIV3_1.Document>().paths?.['/api/health']).toBeDefined();
  });

  it('has a reference page in Spanish, without scripts, listing every operation', async () => {
    const res = await open.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-/,
    );
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('Referencia de la API de Sistema APPA');
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('los errores son <code>{ message }</code> en español');
    expect(res.body).toContain('<span class="m">POST</span> /api/auth/login');
    expect(res.body).toContain('/api/appa/{id}');
    // Who may call each operation, its parameters and fields, in words rather than JSON.
    expect(res.body).toContain('Pública: sin sesión.');
    expect(res.body).toContain(
      'Con sesión, o con un token de API con el permiso <code>reports:read</code>.',
    );
    expect(res.body).toContain('Solo con sesión: los tokens de API no llegan a esta operación.');
    expect(res.body).toContain('<caption>Parámetros</caption>');
    expect(res.body).toContain('<code>weekStart</code>');
    expect(res.body).toMatch(/<code>username<\/code> <span class="t">texto<\/span>/);
    expect(res.body).toContain('<code>message</code> <span class="t">texto</span>');
    expect(res.body).toContain('<a href="#appa">/api/appa</a>');
  });
});
