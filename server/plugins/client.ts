import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MSG } from '../../common/messages';
import { sendError } from '../lib/error-page';

/**
 * What a page loads before it can draw itself, beyond what index.html loads: written by the build
 * (.vite/pages.json, from client/src/app/page-modules.ts), keyed by the router's paths.
 */
interface PageHints {
  scripts: string[];
  styles: string[];
  /** API answers the page asks for first, at these very addresses. */
  data: string[];
}

function readPages(root: string): Record<string, PageHints> {
  const file = path.join(root, '.vite', 'pages.json');
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, PageHints>)
    : {};
}

const attribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * index.html announcing a page's code and first data, so that the browser fetches them alongside
 * the app's script instead of after it has run. The data goes first (small, and what the page
 * waits for last otherwise), with the page's own credentials mode (same-origin) or the browser
 * would not hand the preloaded answer to the page's request. The code with `crossorigin` as Vite
 * writes its own preloads (module scripts are fetched in CORS mode), and at low priority: it runs
 * after the app's script, so it yields the line to that script and to the styles the first paint
 * waits for.
 */
function htmlWithHints(html: string, hints: PageHints | undefined): string {
  if (!hints) return html;
  const data = hints.data.map(
    (href) => `<link rel="preload" as="fetch" crossorigin href="${attribute(href)}">`,
  );
  const code = [
    ...hints.styles.map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`),
    ...hints.scripts.map(
      (href) =>
        `<link rel="modulepreload" crossorigin fetchpriority="low" href="${attribute(href)}">`,
    ),
  ];
  const withData = insertLines(html, html.includes('<script') ? '<script' : '</head>', data);
  return insertLines(withData, '</head>', code);
}

/**
 * `lines` before the first `anchor`: on lines of their own, indented as it is, when it starts its
 * line.
 */
function insertLines(html: string, anchor: string, lines: string[]): string {
  const at = html.indexOf(anchor);
  if (at < 0) return html;
  const lineStart = html.lastIndexOf('\n', at) + 1;
  const indent = html.slice(lineStart, at);
  if (!/^[ \t]*$/.test(indent)) return html.slice(0, at) + lines.join('') + html.slice(at);
  return (
    html.slice(0, lineStart) +
    lines.map((line) => `${indent}${line}\n`).join('') +
    html.slice(lineStart)
  );
}

function sendPage(reply: FastifyReply, html: string) {
  return (
    reply
      .header('cache-control', 'no-cache')
      // Spelt as @fastify/compress spells it, which then adds it only once.
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

/**
 * The built single-page app: hashed assets cached for a year, pages never cached. The build
 * writes .br and .gz beside each text file (scripts/compress-assets.mjs), served when the browser
 * accepts them; anything without one is compressed on the fly by @fastify/compress. Each page of
 * the router gets index.html with its own preloads, made once here; any other address gets the
 * not-found page's.
 */
export async function serveClient(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Otherwise send's own `public, max-age=0` overwrites what setHeaders says.
    cacheControl: false,
    setHeaders(res, filePath) {
      // A shared cache must not give a .br to a browser that asked for none.
      res.setHeader('vary', 'Accept-Encoding');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('cache-control', 'no-cache');
      }
    },
  });
  app.get('/assets/*', (request, reply) => sendError(request, reply, 404, MSG.routeNotFound));

  const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const { '*': otherwise, ...pages } = readPages(root);
  for (const [page, hints] of Object.entries(pages)) {
    const body = htmlWithHints(html, hints);
    app.get(page, (_request, reply) => sendPage(reply, body));
  }
  const notFound = htmlWithHints(html, otherwise);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return sendError(request, reply, 404, MSG.routeNotFound);
    }
    return sendPage(reply, notFound);
  });
}
