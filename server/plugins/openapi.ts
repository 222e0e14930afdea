import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import * as z from 'zod/mini';
import { errorResponseSchema } from '../../common/schemas/auth';
import { PRODUCT_NAME } from '../../common/constants';
import type { AppContext } from '../context';
import { escapeHtml, htmlDocument } from '../lib/error-page';
import { requireAuth, sessionCookieName } from './auth';
import type { Api } from './route-facts';
import { authorize } from '../policies';

/** The routes that describe the API rather than belong to it. */
export const DESCRIPTION_ROUTES = ['/api/openapi.json', '/api/docs'] as const;

/** The one shape of every refusal, kept once in the document's components. */
const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'El motivo en español, para mostrarlo tal cual.' },
  },
  required: ['message'],
};
const ERROR_REF = { $ref: '#/components/schemas/Error' };

/**
 * What each refusal means, whichever route gives it. A route says more with `refusals()` when
 * its own reason is worth a sentence.
 */
const REFUSALS: Record<string, string> = {
  400: 'Datos no válidos (el cuerpo, la consulta o la ruta): `message` dice cuál.',
  401: 'Sin sesión, o con una sesión o un token de API que ya no sirven.',
  403: 'Sin permiso: el rol no alcanza, el token no tiene el permiso, falta cambiar la contraseña temporal o la escritura llega de otro sitio.',
  404: 'No existe, o quien llama no puede saber que existe.',
  409: 'Choca con el estado actual.',
  413: 'La solicitud es demasiado grande.',
  415: 'Tipo de contenido no admitido.',
  421: 'La dirección (Host) con la que se llamó no es una de las de este servidor.',
  429: 'Demasiadas solicitudes: la cabecera `Retry-After` dice cuántos segundos esperar.',
  503: 'El servicio no está disponible ahora.',
  default: 'Error inesperado (5xx): un mensaje genérico, nunca detalles internos.',
};

type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/**
 * The refusals a route gives beyond those its declaration already says (see `derivedRefusals`),
 * as response schemas: `response: { 200: x, ...refusals(409) }`, or with the route's own reason,
 * `refusals({ 409: 'El reporte ya fue enviado.' })`. They are answered as every error is.
 */
export function refusals<const S extends RefusalStatus>(
  ...statuses: S[] | [Partial<Record<S, string>>]
): Record<S, typeof errorResponseSchema> {
  const [first] = statuses;
  const reasons: Partial<Record<S, string>> =
    typeof first === 'object' ? first : Object.fromEntries(statuses.map((s) => [s, undefined]));
  return Object.fromEntries(
    Object.entries(reasons).map(([status, reason]) => [
      status,
      reason ? errorResponseSchema.check(z.describe(reason as string)) : errorResponseSchema,
    ]),
  ) as Record<S, typeof errorResponseSchema>;
}

/** What a file download answers: its bytes, of one of these content types. */
export function fileAnswer(description: string, ...contentTypes: string[]) {
  // Sent as a stream, a buffer or text; never serialised, so any of them may be handed over.
  const bytes = z.unknown().check(z.meta({ type: 'string', format: 'binary' }));
  return {
    description,
    content: Object.fromEntries(contentTypes.map((type) => [type, { schema: bytes }])),
  };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The refusals every route of its kind gives, read from what it declares: its input can be
 * refused (400; a JSON body also for its size and type, 413 and 415), any /api route answers a
 * token that does not work (401) or may not be used here (403), as it answers a request without a
 * session when it is not public; a route that names a thing in its path may not find it (404); a
 * route a token reaches is rated per token (429); a route not open to any host name refuses those
 * the server does not know (421).
 */
function derivedRefusals(route: {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
  scope: string | undefined;
  anyHost: boolean;
}): number[] {
  const statuses = new Set<number>();
  const { schema } = route;
  if (schema?.body) [400, 413, 415].forEach((s) => statuses.add(s));
  if (schema?.querystring || schema?.params || WRITE_METHODS.has(route.method)) statuses.add(400);
  if (route.url.startsWith('/api/')) [401, 403].forEach((s) => statuses.add(s));
  if (route.url.includes(':')) statuses.add(404);
  if (route.scope) statuses.add(429);
  if (!route.anyHost) statuses.add(421);
  return [...statuses];
}

/** Whether the document describes a route: the API's, and /metrics; never the app's pages. */
function documented(url: string): boolean {
  return url.startsWith('/api/') || url === '/metrics';
}

type Operation = OpenAPIV3_1.OperationObject;
type Answer = OpenAPIV3_1.ResponseObject;

/** Every refusal of every operation points at the one error schema. */
function referenceErrors(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation: Operation | undefined = item?.[method];
      for (const [status, answer] of Object.entries(operation?.responses ?? {})) {
        if (status !== 'default' && Number(status) < 400) continue;
        (answer as Answer).content = { 'application/json': { schema: ERROR_REF } };
      }
    }
  }
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, Error: ERROR_SCHEMA as OpenAPIV3_1.SchemaObject },
  };
  return document;
}

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
      // Without PUBLIC_URL, the API is where the document was read from: `/` says so.
      servers: [{ url: ctx.config.publicUrl ?? '/' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(ctx) },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'El token de sesión que responde `POST /api/auth/login`.',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'Un token de API (`appa_…`), con los permisos que la operación nombra; actúa como ' +
              'quien lo creó.',
          },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: (input) => {
      if (!documented(input.url)) return { schema: { hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      const url = transformed.url;
      // Grouped by the first segment after /api/, so the reference reads by area.
      const tag = /^\/api\/([^/]+)/.exec(url)?.[1] ?? 'api';
      const methods = [input.route.method].flat();
      const config = input.route.config as FastifyContextConfig | undefined;
      const scope = config?.tokenScope || undefined;
      const declared = Object.fromEntries(
        Object.entries(
          (transformed.schema?.response ?? {}) as Record<string, { description?: string }>,
        ).map(([status, answer]) => [
          status,
          Number(status) >= 400
            ? { ...answer, description: answer.description ?? REFUSALS[status] }
            : answer,
        ]),
      );
      const derived = methods.flatMap((method) =>
        derivedRefusals({
          method,
          url: input.url,
          schema: input.schema,
          scope,
          anyHost: Boolean(config?.anyHost),
        }),
      );
      const errors = Object.fromEntries(
        [...derived, 'default'].map((status) => [
          status,
          { ...ERROR_SCHEMA, description: REFUSALS[status] },
        ]),
      );
      const schema = {
        ...transformed.schema,
        tags: transformed.schema?.tags ?? [tag],
        // A route's own reason for a refusal wins over the general one.
        response: { ...errors, ...declared },
      };
      const hierarchy = config?.hierarchyScope;
      if (config?.public) Object.assign(schema, { security: [] });
      // OpenAPI 3.1 lets a bearer scheme name the roles it needs: here, the token's scope.
      else if (scope)
        Object.assign(schema, {
          security: [
            { session: [] },
            { bearer: [] },
            { apiToken: [scope] },
            // Writes that decide who reads whose reports also need the hierarchy scope.
            ...(hierarchy ? [{ apiToken: [scope, hierarchy] }] : []),
          ],
        });
      return { ...transformed, schema };
    },
    transformObject: (documentObject) =>
      referenceErrors((documentObject as { openapiObject: OpenAPIV3_1.Document }).openapiObject),
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
  'overflow-x:auto;font-size:.8rem}p{color:#475569}a{color:#1d4ed8}' +
  'ul,ol{margin:.25rem 0;padding-left:1.25rem}li{margin:.15rem 0;overflow-wrap:anywhere}' +
  '.toc{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0}' +
  '.s{font-family:system-ui,sans-serif;color:#334155}.t{color:#475569;font-size:.9em}.o{color:#92400e;font-size:.85em}' +
  'table{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}' +
  'caption{text-align:left;color:#475569;padding-bottom:.25rem}' +
  'th,td{border:1px solid #e2e8f0;padding:.25rem .5rem;text-align:left;vertical-align:top}';
const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
const PAGE_POLICY =
  `default-src 'none'; style-src ${STYLE_SOURCE}; base-uri 'none'; form-action 'none'; ` +
  "frame-ancestors 'none'";

/** Escaped text whose `quoted` parts (Markdown's inline code, as OpenAPI writes) read as code. */
function inlineCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

type Schema = OpenAPIV3_1.SchemaObject;

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  integer: 'entero',
  number: 'número',
  boolean: 'sí o no',
  object: 'objeto',
  array: 'lista',
  null: 'nulo',
};

const PLACES: Record<string, string> = {
  path: 'ruta',
  query: 'consulta',
  header: 'cabecera',
  cookie: 'cookie',
};

/** What a list holds (OpenAPI's types keep `items` to array schemas alone). */
function itemsOf(schema: Schema): Schema | undefined {
  return (schema as { items?: Schema }).items;
}

/** A schema's type in words, e.g. "texto (uuid)", "lista de objeto", "«A» o «B»". */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'cualquiera';
  if (schema.enum) return schema.enum.map((v) => `«${String(v)}»`).join(' o ');
  if (schema.const !== undefined) return `«${String(schema.const)}»`;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return [...new Set(variants.map(typeOf))].join(' o ');
  const types = [schema.type ?? []].flat() as string[];
  if (types.length === 0) return 'cualquiera';
  return types
    .map((type) => {
      if (type === 'array') return `lista de ${typeOf(itemsOf(schema))}`;
      const name = TYPE_NAMES[type] ?? type;
      return schema.format ? `${name} (${schema.format})` : name;
    })
    .join(' o ');
}

/**
 * The fields of an object (of a list's items, of each shape one of several may take) as nested
 * lists: name, type, whether it is always there, and the schema's own description.
 */
function fields(schema: Schema | undefined, depth = 0): string {
  if (!schema || depth > 8) return '';
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) {
    const shapes = variants.filter((v) => v.type !== 'null').map((v) => fields(v, depth + 1));
    const filled = shapes.filter(Boolean);
    if (filled.length <= 1) return filled[0] ?? '';
    return `<p>Una de estas formas:</p><ol>${filled.map((f) => `<li>${f}</li>`).join('')}</ol>`;
  }
  if ([schema.type].flat().includes('array')) return fields(itemsOf(schema), depth + 1);
  const properties = Object.entries(schema.properties ?? {}) as [string, Schema][];
  if (properties.length === 0) return '';
  const required = new Set(schema.required ?? []);
  const items = properties.map(
    ([name, field]) =>
      `<li><code>${escapeHtml(name)}</code> <span class="t">${escapeHtml(typeOf(field))}</span>` +
      (required.has(name) ? '' : ' <span class="o">opcional</span>') +
      (field.description ? ` — ${inlineCode(field.description)}` : '') +
      fields(field, depth + 1) +
      '</li>',
  );
  return `<ul>${items.join('')}</ul>`;
}

function schemaBlock(label: string, schema: Schema | undefined): string {
  if (!schema) return '';
  return (
    `<p><strong>${escapeHtml(label)}</strong>: ${escapeHtml(typeOf(schema))}` +
    (schema.description ? ` — ${inlineCode(schema.description)}` : '') +
    `</p>${fields(schema)}`
  );
}

function parameterTable(parameters: OpenAPIV3_1.ParameterObject[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters.map(
    (p) =>
      `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(PLACES[p.in] ?? p.in)}</td>` +
      `<td>${escapeHtml(typeOf(p.schema as Schema | undefined))}</td>` +
      `<td>${p.required ? 'sí' : 'no'}</td></tr>`,
  );
  return (
    '<table><caption>Parámetros</caption><thead><tr><th>Nombre</th><th>En</th><th>Tipo</th>' +
    `<th>Obligatorio</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

/** Who may call an operation: anyone, a session, or a session or a token with a scope. */
function access(operation: OpenAPIV3_1.OperationObject): string {
  const security = operation.security;
  if (Array.isArray(security) && security.length === 0) return 'Pública: sin sesión.';
  const tokenScopes = (security ?? []).flatMap((s) => (s.apiToken ? [s.apiToken] : []));
  const scope = tokenScopes[0]?.[0];
  const extra = tokenScopes.flat().find((s) => s !== scope);
  if (!scope) return 'Solo con sesión: los tokens de API no llegan a esta operación.';
  return (
    `Con sesión, o con un token de API con el permiso <code>${escapeHtml(scope)}</code>.` +
    (extra
      ? ` Dar un rol distinto de Usuario, asignar o cambiar un jefe, o reactivar a quien tiene ` +
        `uno de esos roles requiere además <code>${escapeHtml(extra)}</code>: equivale a decidir ` +
        'quién lee los reportes de quién.'
      : '')
  );
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
      const answers = Object.entries(operation.responses ?? {}) as [string, Answer][];
      const successes = answers.filter(([status]) => /^[23]/.test(status));
      const refusals = answers.filter(([status]) => !/^[23]/.test(status));
      const responses = successes.map(([status, answer]) => {
        const [type, media] = Object.entries(answer.content ?? {})[0] ?? [];
        const label = `Respuesta ${status}`;
        if (type && type !== 'application/json') {
          return `<p><strong>${label}</strong>: <code>${escapeHtml(type)}</code> — ${inlineCode(answer.description)}</p>`;
        }
        return schemaBlock(label, media?.schema as Schema | undefined);
      });
      const errors = refusals.map(
        ([status, answer]) =>
          `<li>${status === 'default' ? 'Otro' : status} — ${inlineCode(answer.description)}</li>`,
      );
      const entry = [
        '<details>',
        `<summary><span class="m">${method.toUpperCase()}</span> ${escapeHtml(path)}` +
          ` <span class="s">${escapeHtml(operation.summary ?? '')}</span></summary>`,
        operation.description ? `<p>${inlineCode(operation.description)}</p>` : '',
        `<p>${access(operation)}</p>`,
        parameterTable(parameters),
        schemaBlock('Cuerpo', body?.['application/json']?.schema as Schema | undefined),
        ...responses,
        errors.length
          ? `<p><strong>Errores</strong> (<code>{ message }</code>):</p><ul>${errors.join('')}</ul>`
          : '',
        '</details>',
      ].join('\n');
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
    }
  }
  const tags = [...byTag.keys()].sort((a, b) => a.localeCompare(b));
  const contents = tags
    .map((tag) => `<li><a href="#${escapeHtml(tag)}">/api/${escapeHtml(tag)}</a></li>`)
    .join('');
  const sections = tags.map(
    (tag) =>
      `<section id="${escapeHtml(tag)}"><h2>/api/${escapeHtml(tag)}</h2>\n` +
      `${(byTag.get(tag) ?? []).join('\n')}</section>`,
  );
  return htmlDocument('Referencia de la API', STYLE, [
    '<main>',
    `<h1>Referencia de la API de ${PRODUCT_NAME}</h1>`,
    `<p>${inlineCode(document.info.description ?? '')} El documento OpenAPI está en <a href="/api/openapi.json">/api/openapi.json</a>.</p>`,
    `<nav aria-label="Áreas"><ul class="toc">${contents}</ul></nav>`,
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
    tokenScope: false,
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
