import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { PRODUCT_NAME } from '../../common/constants';
import type { AppContext } from '../context';
import { escapeHtml, htmlDocument } from '../lib/error-page';
import { requireAuth, sessionCookieName } from './auth';
import type { Api } from './route-facts';
import { authorize } from '../policies';

/** The routes that describe the API rather than belong to it. */
export const DESCRIPTION_ROUTES = ['/api/openapi.json', '/api/docs'] as const;

const ERROR_RESPONSE = {
  description: 'Error: el motivo en español, para mostrarlo tal cual',
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
};

/**
 * Collects every route's zod schemas into an OpenAPI 3.1 document (through @fastify/swagger and
 * the zod type provider's transform). Register before any route: routes added earlier are not
 * seen.
 */
export async function registerOpenApi(app: FastifyInstance, ctx: AppContext) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `API de ${PRODUCT_NAME}`,
        // The API's own version: it changes when a route changes incompatibly.
        version: '1.0.0',
        description:
          'Reportes semanales (Avances, Planes, Problemas, Ayuda), su revisión y seguimiento. ' +
          'Cada ruta responde según los permisos de quien llama; los errores son `{ message }` en ' +
          'español.',
      },
      servers: ctx.config.publicUrl ? [{ url: ctx.config.publicUrl }] : [],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(ctx) },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const url = transformed.url;
      // Grouped by the first segment after /api/, so the reference reads by area.
      const tag = /^\/api\/([^/]+)/.exec(url)?.[1] ?? 'api';
      const schema = {
        ...transformed.schema,
        tags: transformed.schema?.tags ?? [tag],
        // Every refusal, of any route, has the same shape.
        response: {
          ...(transformed.schema?.response as object | undefined),
          default: ERROR_RESPONSE,
        },
      };
      const config = input.route.config as { public?: unknown } | undefined;
      if (config?.public) Object.assign(schema, { security: [] });
      return { ...transformed, schema };
    },
  });
}

/** The page's only style, allowed by its content security policy through its hash. */
const STYLE =
  'body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#fff;line-height:1.5}' +
  'main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem}h1{font-size:1.6rem;margin:0 0 .5rem}' +
  'h2{font-size:1.2rem;margin:2rem 0 .5rem;border-bottom:1px solid #e2e8f0;padding-bottom:.25rem}' +
  'details{border:1px solid #e2e8f0;border-radius:.375rem;margin:.5rem 0;padding:.5rem .75rem}' +
  'summary{cursor:pointer;font-family:ui-monospace,monospace;overflow-wrap:anywhere}' +
  'summary:focus-visible{outline:3px solid #2563eb}' +
  '.m{display:inline-block;min-width:4.5rem;font-weight:700}' +
  'pre{background:#f8fafc;border:1px solid #e2e8f0;border-radius:.25rem;padding:.5rem;' +
  'overflow-x:auto;font-size:.8rem}p{color:#475569}a{color:#1d4ed8}';
const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
const PAGE_POLICY =
  `default-src 'none'; style-src ${STYLE_SOURCE}; base-uri 'none'; form-action 'none'; ` +
  "frame-ancestors 'none'";

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Escaped text whose `quoted` parts (Markdown's inline code, as OpenAPI writes) read as code. */
function inlineCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function schemaBlock(label: string, schema: unknown): string {
  if (!schema) return '';
  return `<p>${escapeHtml(label)}</p><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

/** The reference as one page of HTML, without scripts: every operation, its input and answers. */
export function referencePage(document: OpenAPIV3_1.Document): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'api';
      const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      const body = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content;
      const responses = Object.entries(operation.responses ?? {}).map(([status, answer]) =>
        schemaBlock(
          `Respuesta ${status}`,
          (answer as OpenAPIV3_1.ResponseObject).content?.['application/json']?.schema ?? null,
        ),
      );
      const open = Array.isArray(operation.security) && operation.security.length === 0;
      const entry = [
        '<details>',
        `<summary><span class="m">${method.toUpperCase()}</span> ${escapeHtml(path)}</summary>`,
        `<p>${open ? 'Sin sesión.' : 'Requiere sesión o token.'}</p>`,
        parameters.length
          ? schemaBlock(
              'Parámetros',
              parameters.map((p) => ({ en: p.in, nombre: p.name, requerido: p.required ?? false })),
            )
          : '',
        schemaBlock('Cuerpo', body?.['application/json']?.schema ?? null),
        ...responses,
        '</details>',
      ].join('\n');
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([tag, entries]) =>
        `<section><h2>/api/${escapeHtml(tag)}</h2>\n${entries.join('\n')}</section>`,
    );
  return htmlDocument('Referencia de la API', STYLE, [
    '<main>',
    `<h1>Referencia de la API de ${PRODUCT_NAME}</h1>`,
    `<p>${inlineCode(document.info.description ?? '')} El documento OpenAPI está en <a href="/api/openapi.json">/api/openapi.json</a>.</p>`,
    ...sections,
    '</main>',
  ]);
}

/**
 * The document and its reference page: for signed-in administrators, or for anyone when
 * API_DOCS_PUBLIC=1. Public routes to the session check, so that the handler can say which.
 */
export function openApiRoutes(app: Api, ctx: AppContext) {
  const allowed = async (request: Parameters<typeof requireAuth>[0]) => {
    if (ctx.config.apiDocsPublic) return;
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'api:docs');
  };
  const config = {
    public: 'administrators only unless API_DOCS_PUBLIC=1, checked by the handler',
  } as const;
  let page: string | null = null;
  app.get(DESCRIPTION_ROUTES[0], { schema: { hide: true }, config }, async (request) => {
    await allowed(request);
    return app.swagger();
  });
  app.get(DESCRIPTION_ROUTES[1], { schema: { hide: true }, config }, async (request, reply) => {
    await allowed(request);
    page ??= referencePage(app.swagger() as OpenAPIV3_1.Document);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', PAGE_POLICY)
      .send(page);
  });
}
