import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { ERROR_PAGE_STYLE_SOURCE } from '../lib/error-page';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** What a browser sends when it opens an address itself. */
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('every refusal a script gets is Spanish JSON', () => {
  it.each([
    ['an unknown /api route', { method: 'GET', url: '/api/nada' }, 404, MSG.routeNotFound],
    ['an unknown method', { method: 'DELETE', url: '/api/health' }, 404, MSG.routeNotFound],
    ['a malformed address', { method: 'GET', url: '/api/%E0%A4%A' }, 400, MSG.invalidAddress],
    [
      'a malformed JSON body',
      {
        method: 'POST',
        url: '/api/auth/login-username',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": ',
      },
      400,
      MSG.invalidJson,
    ],
    [
      'a body too large',
      {
        method: 'POST',
        url: '/api/auth/login-username',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'x'.repeat(3_000_000) }),
      },
      413,
      MSG.bodyTooLarge,
    ],
    [
      'a wrong content type',
      {
        method: 'POST',
        url: '/api/auth/login-username',
        headers: { 'content-type': 'text/xml' },
        payload: '<usuario/>',
      },
      415,
      MSG.unsupportedMediaType,
    ],
  ] as const)('%s', async (_case, request, status, message) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message });
  });
});

describe('an address the browser opens itself fails as a Spanish page with a way back', () => {
  it.each([
    ['an unknown /api route', '/api/nada', 404, 'Página no encontrada', MSG.routeNotFound],
    ['a malformed address', '/%E0%A4%A', 400, 'Solicitud no válida', MSG.invalidAddress],
    [
      'a download without a session',
      '/api/reports/weekly',
      401,
      'Sesión requerida',
      MSG.notSignedIn,
    ],
  ])('%s', async (_case, url, status, title, message) => {
    const res = await t.app.inject({ method: 'GET', url, headers: NAVIGATION });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain(`<h1>${title}</h1>`);
    expect(res.body).toContain(`<p>${message}</p>`);
    expect(res.body).toContain('<a href="/">Volver al inicio</a>');
  });

  it('may use its own style, and no other inline one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nada', headers: NAVIGATION });
    expect(res.headers['content-security-policy']).toContain(
      `style-src 'self' ${ERROR_PAGE_STYLE_SOURCE};`,
    );
  });

  it('never shows the address it was given as markup', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/%3Cscript%3Ealert(1)%3C/script%3E',
      headers: NAVIGATION,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<script>');
  });
});
