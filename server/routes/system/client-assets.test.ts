import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { buildTestApp, type TestApp } from '../../test/helper';

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i} }`).join(', ')}];\n`;
const HTML = `<!doctype html><html lang="es"><head><title>Sistema APPA</title>${'<meta name="x" content="relleno" />'.repeat(60)}<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
// What the build writes of each page (vite.config.ts, from client/src/app/page-modules.ts).
const PAGES = {
  '/admin': { scripts: ['/assets/admin-panel-aaa111.js'], styles: [], data: ['/api/user'] },
  '/appa/:slug/submit': {
    scripts: ['/assets/report-page-bbb222.js', '/assets/form-field-ccc333.js'],
    styles: [],
    data: ['/api/user', '/api/appa/current'],
  },
  '*': { scripts: ['/assets/static-pages-ddd444.js'], styles: [], data: ['/api/user'] },
};

let t: TestApp;
let app: FastifyInstance;
let clientDir: string;
beforeAll(async () => {
  t = await buildTestApp();
  // A built client in miniature: one hashed script with a precompressed .gz beside it (as
  // scripts/compress-assets.mjs writes), one without, and the page.
  clientDir = mkdtempSync(path.join(tmpdir(), 'appa-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), HTML);
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(clientDir, 'assets', 'lazy-def456.js'), SCRIPT);
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(path.join(clientDir, '.vite', 'pages.json'), JSON.stringify(PAGES));
  app = await buildApp({ config: t.ctx.config, database: t.ctx.database, clientDir });
  // A list the size of a real answer (a week of the panel), open to anyone for the test.
  app.get('/api/test-rows', { config: { public: true } }, async () => ({
    rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Persona ${i}` })),
  }));
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the built client', () => {
  it('sends a hashed script precompressed when the browser accepts gzip, cached for a year', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
  });

  it('compresses a script that has no precompressed copy, with brotli when accepted', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/lazy-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
  });

  it('sends the script as is to a client that accepts no compression', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('never caches index.html, on any route of the app', async () => {
    for (const url of ['/', '/auth', '/appa/ana-perez/submit']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
    }
  });

  it("announces a page's code and the first answers it asks for in its HTML, the answers first", async () => {
    const res = await app.inject({ method: 'GET', url: '/admin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/admin-panel-aaa111.js">',
    );
    // The page's own fetch (same-origin credentials) takes the preloaded answer.
    const user = '<link rel="preload" as="fetch" crossorigin href="/api/user">';
    expect(html).toContain(user);
    expect(html.indexOf(user)).toBeLessThan(html.indexOf('<script'));
    expect(html.indexOf('admin-panel-aaa111')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('report-page');
  });

  it('announces the page a path with parameters leads to, and its own first answers', async () => {
    const html = (await app.inject({ method: 'GET', url: '/appa/ana-perez/submit?x=1' })).body;
    expect(html).toContain('href="/assets/report-page-bbb222.js"');
    expect(html).toContain('href="/assets/form-field-ccc333.js"');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/appa/current">');
    expect(html).not.toContain('admin-panel');
  });

  it("answers any other address with the not-found page's HTML", async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-page/here' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('href="/assets/static-pages-ddd444.js"');
  });

  it('compresses JSON answers of the API above the threshold, and not the small ones', async () => {
    const big = await app.inject({
      method: 'GET',
      url: '/api/test-rows',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['content-type']).toContain('application/json');
    const small = await app.inject({
      method: 'GET',
      url: '/api/unknown-route',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers 404 for a script that does not exist, never the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('a built client without its page list', () => {
  it('answers every page with index.html as built', async () => {
    const bare = mkdtempSync(path.join(tmpdir(), 'appa-client-'));
    writeFileSync(path.join(bare, 'index.html'), HTML);
    const plain = await buildApp({
      config: t.ctx.config,
      database: t.ctx.database,
      clientDir: bare,
    });
    try {
      for (const url of ['/admin', '/auth', '/somewhere']) {
        const res = await plain.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(HTML);
      }
    } finally {
      await plain.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
