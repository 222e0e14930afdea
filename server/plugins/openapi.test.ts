import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../test/helper';
import { DESCRIPTION_ROUTES } from './openapi';
import { registeredRoutes } from './route-facts';
import { TOKEN_ROUTES } from '../test/token-routes';

let t: TestApp;
let open: TestApp;
/** The open instance serving a built client with a few pages, as production does. */
let withPages: FastifyInstance;
let clientDir: string;
let document: OpenAPIV3_1.Document;
beforeAll(async () => {
  t = await buildTestApp();
  open = await buildTestApp({ apiDocsPublic: true });
  clientDir = mkdtempSync(path.join(tmpdir(), 'appa-client-'));
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html lang="es"></html>');
  const hints = { scripts: [], styles: [], data: [] };
  writeFileSync(
    path.join(clientDir, '.vite', 'pages.json'),
    JSON.stringify({ '/auth': hints, '/test': hints, '/debug/:slug': hints, '*': hints }),
  );
  withPages = await buildApp({
    config: open.ctx.config,
    database: open.ctx.database,
    clock: open.ctx.clock,
    clientDir,
  });
  const res = await withPages.inject({ method: 'GET', url: '/api/openapi.json' });
  document = res.json<OpenAPIV3_1.Document>();
});
afterAll(async () => {
  await withPages.close();
  await t.close();
  await open.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Every operation of the document, with its method and path. */
function operations(doc: OpenAPIV3_1.Document) {
  return Object.entries(doc.paths ?? {}).flatMap(([url, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) => {
      const operation = item?.[method];
      return operation ? [{ key: `${method.toUpperCase()} ${url}`, operation }] : [];
    }),
  );
}

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
    expect(Object.keys(user?.responses ?? {})).toEqual(['200', '401', '403', '421', 'default']);

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
    expect(res.body).toContain(
      '<span class="m">POST</span> /api/auth/login <span class="s">Iniciar sesión y recibir el token</span>',
    );
    expect(res.body).toContain('<p><strong>Errores</strong> (<code>{ message }</code>):</p>');
    expect(res.body).toContain('<li>409 — El reporte de esa semana ya fue enviado.</li>');
    expect(res.body).toContain('<code>application/zip</code>');
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

  it("passes Redocly's recommended rules", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // Fastify matches a fixed segment before a parameter (`/api/appa/week` before
        // `/api/appa/{id}`), and these addresses are the API's: clients already call them.
        'no-ambiguous-paths': 'off',
        // APPA is an organisation's own product, published under no licence to name.
        'info-license': 'off',
      },
    });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config,
    });
    const found = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`,
    );
    expect(found).toEqual([]);
  });

  it('says the formats the server enforces: dates, Mondays, uuids', () => {
    const parameter = (url: string, name: string) =>
      (document.paths?.[url]?.get?.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.find(
        (p) => p.name === name,
      );
    for (const url of ['/api/appa', '/api/appa/week', '/api/reports/weekly']) {
      const week = parameter(url, 'weekStart');
      expect(week?.schema, url).toMatchObject({ type: 'string', format: 'date' });
      expect((week?.schema as OpenAPIV3_1.SchemaObject).pattern, url).toBe(
        '^\\d{4}-\\d{2}-\\d{2}$',
      );
      expect(week?.description, url).toContain('lunes');
    }
    expect(parameter('/api/reports/custom', 'from')?.schema).toMatchObject({ format: 'date' });
    expect(parameter('/api/appa/{id}', 'id')?.schema).toMatchObject({ format: 'uuid' });
  });

  it('documents only the API (and /metrics), never the pages of the app', () => {
    const paths = Object.keys(document.paths ?? {});
    expect(paths.filter((p) => !p.startsWith('/api/') && p !== '/metrics')).toEqual([]);
    expect(paths).toContain('/api/auth/login');
    expect(paths).not.toContain('/auth');
  });

  it('names every operation: a unique lowerCamelCase operationId and a Spanish summary', () => {
    const all = operations(document);
    const unnamed = all.filter(
      ({ operation }) =>
        !/^[a-z][A-Za-z0-9]+$/.test(operation.operationId ?? '') || !operation.summary?.trim(),
    );
    expect(unnamed.map((o) => o.key)).toEqual([]);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths?.['/api/users']?.get?.operationId).toBe('listUsers');
    expect(document.paths?.['/api/users']?.post?.summary).toBe('Crear un usuario');
  });

  it('documents a success answer for every operation, and the refusals each route gives', () => {
    const all = operations(document);
    // A success is a 2xx, or the redirect a browser's sign-in follows.
    const silent = all.filter(
      ({ operation }) => !Object.keys(operation.responses ?? {}).some((s) => /^[23]\d\d$/.test(s)),
    );
    expect(silent.map((o) => o.key)).toEqual([]);
    const statuses = (key: string) => {
      const found = all.find((o) => o.key === key)?.operation.responses ?? {};
      return Object.keys(found);
    };
    // Refusals read from the declaration: input (400), session (401/403), a named thing (404),
    // a token's rate (429); and those the route declares itself (409).
    expect(statuses('POST /api/appa')).toEqual(
      expect.arrayContaining(['400', '401', '403', '409', '413', '415']),
    );
    expect(statuses('GET /api/appa/{id}')).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '429']),
    );
    expect(statuses('GET /api/user')).not.toContain('404');
    expect(statuses('POST /api/auth/login')).toContain('429');
    // Every refusal is the one error schema.
    const refusal = document.paths?.['/api/appa/{id}']?.get?.responses?.['404'] as
      OpenAPIV3_1.ResponseObject | undefined;
    expect(refusal?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(document.components?.schemas?.Error).toMatchObject({ required: ['message'] });
    // Files are bytes, described as such.
    const zip = document.paths?.['/api/appa/export/zip']?.get?.responses?.['200'] as
      OpenAPIV3_1.ResponseObject | undefined;
    expect(zip?.content?.['application/zip']?.schema).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });

  it('claims refusals the routes really give (a sample)', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const headers = await authHeader(t, admin);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases = [
      // A public route still refuses an API token that does not work.
      { key: 'GET /api/health', status: 401, url: '/api/health', token: `appa_${'x'.repeat(40)}` },
      { key: 'GET /api/appa/{id}', status: 404, url: `/api/appa/${unknown}` },
      { key: 'GET /api/appa/{id}', status: 400, url: '/api/appa/no-es-un-id' },
      {
        key: 'POST /api/appa/mark-submitted',
        status: 404,
        method: 'POST' as const,
        url: '/api/appa/mark-submitted',
        payload: { userId: unknown, weekStart: '2026-11-16' },
      },
      {
        key: 'PUT /api/settings',
        status: 413,
        method: 'PUT' as const,
        url: '/api/settings',
        payload: { mailFrom: 'x'.repeat(1024 * 1024) },
      },
      {
        key: 'PUT /api/settings',
        status: 415,
        method: 'PUT' as const,
        url: '/api/settings',
        payload: '<settings/>',
        type: 'application/xml',
      },
    ];
    for (const c of cases) {
      const [method = '', url = ''] = c.key.split(' ');
      const answers = document.paths?.[url]?.[method.toLowerCase() as 'get']?.responses ?? {};
      expect(Object.keys(answers), c.key).toContain(String(c.status));
      const res = await t.app.inject({
        method: c.method ?? 'GET',
        url: c.url,
        payload: c.payload,
        headers: {
          ...(c.token ? { authorization: `Bearer ${c.token}` } : headers),
          ...(c.type ? { 'content-type': c.type } : {}),
        },
      });
      expect(res.statusCode, `${c.key} ${res.body}`).toBe(c.status);
      expect(Object.keys(res.json<object>())).toEqual(['message']);
    }
  });
});
