import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '../../common/constants';

/**
 * What a person sees when the browser itself opens an address that fails: a download link whose
 * session ended, an /api address typed by hand, a malformed address. Scripts get the usual
 * `{ message }`; a page opened by the browser gets the same Spanish message as a page with a way
 * back, not raw JSON.
 */

/** The page's only style, allowed by the content security policy through its hash. */
const STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1rem;' +
  'font-family:system-ui,sans-serif;text-align:center;color:#0f172a;background:#fff}' +
  'main{max-width:32rem}h1{font-size:1.75rem;margin:0 0 .5rem}p{color:#475569;margin:0}' +
  'a{display:inline-block;margin-top:1.5rem;padding:.6rem 1.2rem;border-radius:.375rem;' +
  'background:#0f172a;color:#fff;text-decoration:none}a:focus-visible{outline:3px solid #2563eb}';

export const ERROR_PAGE_STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

function heading(status: number): string {
  if (status === 404) return 'Página no encontrada';
  if (status === 401) return 'Sesión requerida';
  if (status === 403) return 'Acceso denegado';
  if (status === 421) return 'Dirección no reconocida';
  if (status === 429) return 'Demasiadas solicitudes';
  if (status === 503) return 'Servicio no disponible';
  if (status >= 500) return 'Error del servidor';
  return 'Solicitud no válida';
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text made safe to place in HTML, between tags or in a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A page of this server's own (not the application's): Spanish, one inline style, no script. */
export function htmlDocument(title: string, style: string, body: readonly string[]): string {
  return [
    '<!doctype html>',
    '<html lang="es">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title} - ${PRODUCT_NAME}</title>`,
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The Spanish page of a failed address: what happened, and a link back to the start. */
export function errorPageHtml(status: number, message: string): string {
  const title = heading(status);
  return htmlDocument(title, STYLE, [
    '<main>',
    `<h1>${title}</h1>`,
    `<p>${escapeHtml(message)}</p>`,
    '<a href="/">Volver al inicio</a>',
    '</main>',
  ]);
}

/** A browser opening the address itself (a navigation), rather than a script asking for JSON. */
function opensAsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

/** An error answer: `{ message }`, or the Spanish page when the browser opened the address. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  reply.code(status).headers(headers);
  if (opensAsPage(request)) {
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(errorPageHtml(status, message));
  }
  return reply.send({ message });
}
