import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { $ZodObject } from 'zod/v4/core';
import { afterAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, buildUser } from './helper';
import { registeredRoutes } from '../plugins/route-facts';

/**
 * Every API route, as the Fastify instance lists it (a new route is covered without touching this
 * file), receives hostile input as an administrator and signed out. It must never answer 5xx, every
 * 4xx carries a Spanish `message`, and no business row changes.
 */

const t = await buildTestApp();
const admin = await buildUser(t, { role: 'ADMIN' });

/**
 * Left out, with reason:
 * - GET /api/events as a signed-in user: a server-sent event stream that never ends by design
 *   (signed out it answers 401 at once and stays in).
 */
const EXCLUDED = new Set(['ADMIN GET /api/events']);

// Every field name any shared schema knows, so that the hostile values land where a route looks.
const schemaModules = await Promise.all([
  import('../../common/schemas/absences'),
  import('../../common/schemas/audit'),
  import('../../common/schemas/auth'),
  import('../../common/schemas/dashboard'),
  import('../../common/schemas/mail'),
  import('../../common/schemas/me'),
  import('../../common/schemas/panel'),
  import('../../common/schemas/registration'),
  import('../../common/schemas/reminders'),
  import('../../common/schemas/report'),
  import('../../common/schemas/reports'),
  import('../../common/schemas/settings'),
  import('../../common/schemas/users'),
]);
const FIELDS = [
  ...new Set(
    schemaModules.flatMap((module) =>
      Object.values(module).flatMap((value) =>
        // $ZodObject: the full zod and zod/mini (the schemas every page loads) alike.
        value instanceof $ZodObject ? Object.keys(value._zod.def.shape) : [],
      ),
    ),
  ),
].sort();

const LONG = 'x'.repeat(100_000);
const HOSTILE_STRINGS = [
  "' or 1=1 --",
  "'); drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  'archivo\u0000.pdf',
];
const BAD_IDS = [
  'no-es-un-uuid',
  '../../etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '00000000-0000-0000-0000-00000000000g',
  'y'.repeat(150),
];

const every = <T>(value: T): Record<string, T> =>
  Object.fromEntries(FIELDS.map((field) => [field, value]));

interface Case {
  name: string;
  request: Omit<InjectOptions, 'method' | 'url' | 'headers'> & {
    headers?: Record<string, string>;
  };
  path?: string;
}

function bodyCases(): Case[] {
  const json = (payload: unknown): Case['request'] => ({
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  return [
    {
      name: 'JSON mal formado',
      request: { payload: '{"a": ', headers: { 'content-type': 'application/json' } },
    },
    {
      name: 'cuerpo JSON vacío',
      request: { payload: '', headers: { 'content-type': 'application/json' } },
    },
    {
      name: 'tipo de contenido ajeno',
      request: { payload: 'hola', headers: { 'content-type': 'text/plain' } },
    },
    { name: 'sin campos', request: json({}) },
    { name: 'un arreglo', request: json([]) },
    { name: 'un texto', request: json('texto') },
    { name: 'null', request: json(null) },
    { name: 'campos numéricos', request: json(every(12345)) },
    { name: 'campos booleanos', request: json(every(true)) },
    { name: 'campos objeto', request: json(every({ $ne: null })) },
    { name: 'campos arreglo', request: json(every(['a', 1])) },
    { name: 'textos de 100k caracteres', request: json(every(LONG)) },
    {
      name: 'cuerpo de más de 1 MiB',
      request: json({ ...every('a'), relleno: 'z'.repeat(1024 * 1024 + 10) }),
    },
    ...HOSTILE_STRINGS.map((value) => ({
      name: `campos ${JSON.stringify(value)}`,
      request: json(every(value)),
    })),
  ];
}

function queryCases(): Case[] {
  return [
    ...HOSTILE_STRINGS.map((value) => ({
      name: `consulta ${JSON.stringify(value)}`,
      request: { query: every(value) },
    })),
    { name: 'consulta de 100k caracteres', request: { query: every(LONG) } },
    { name: 'consulta repetida', request: { query: every(['2026-11-16', 'otra']) } },
  ];
}

function casesFor(method: string, url: string): Case[] {
  const params = url.match(/:\w+/g) ?? [];
  const withId = (id: string) => url.replace(/:\w+/g, encodeURIComponent(id));
  const cases = method === 'GET' || method === 'DELETE' ? queryCases() : bodyCases();
  // The body and query cases reach past the parameters with an id that parses but matches nothing.
  const out: Case[] = cases.map((c) => ({ ...c, path: withId(randomUUID()) }));
  if (params.length) {
    for (const id of BAD_IDS) {
      out.push({ name: `id ${JSON.stringify(id)}`, path: withId(id), request: {} });
    }
    // Percent-encoded dots left as they are, so that the router decodes them itself.
    out.push({ name: 'id %2e%2e%2f crudo', path: url.replace(/:\w+/g, '%2e%2e%2f'), request: {} });
  }
  return out;
}

// English words zod and Fastify use in their defaults; a Spanish message has none of them.
const ENGLISH = /\b(invalid|expected|received|required|must|too (big|small)|unrecognized)\b/i;
const SPANISH =
  /[áéíóúñ¿¡]|\b(de|la|el|los|las|no|un|una|es|debe|tu|en|por|para|que|ya|requerid[oa]s?|datos|usuario|correo|enlace)\b/i;

/** A digest of the tables people's work lives in. */
const TABLES = [
  'users',
  'appa_submissions',
  'appa_files',
  'uploads',
  'reminders',
  'review_comments',
  'review_tasks',
  'lateral_sharing',
  'settings',
];
async function digest(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const result = await t.db.execute(
      sql`select count(*)::text || ':' || coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as d from ${sql.identifier(table)} r`,
    );
    const rows = (result as unknown as { rows: { d: string }[] }).rows;
    out[table] = rows[0]?.d ?? '';
  }
  return out;
}

const routes = registeredRoutes(t.app);

let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

afterAll(async () => {
  await t.close();
});

describe('bad input on every API route', () => {
  it('lists the routes from the instance itself', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/appa' }));
  });

  describe.each(['ADMIN', 'anónimo'] as const)('%s', (who) => {
    const targets = routes.filter(
      (r) => !EXCLUDED.has(`${who === 'ADMIN' ? 'ADMIN' : 'ANON'} ${r.method} ${r.url}`),
    );
    it.each(targets)('$method $url', async ({ method, url }) => {
      // A fresh session per route: POST /api/logout ends the one it is sent with.
      const auth = who === 'ADMIN' ? await authHeader(t, admin) : {};
      const before = await digest();
      const problems: string[] = [];
      for (const c of casesFor(method, url)) {
        const res = await t.app.inject({
          method: method as InjectOptions['method'],
          url: c.path ?? url,
          // Each from its own address: the sign-in throttle must not lock the admin's next session.
          remoteAddress: nextAddress(),
          ...c.request,
          headers: { ...auth, ...c.request.headers },
        });
        const label = `${c.name} → ${res.statusCode}`;
        if (res.statusCode >= 500) problems.push(`${label} ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400 && res.statusCode < 500) {
          let message: unknown;
          try {
            message = (res.json() as { message?: unknown }).message;
          } catch {
            message = undefined;
          }
          if (typeof message !== 'string' || !SPANISH.test(message) || ENGLISH.test(message)) {
            problems.push(`${label} sin mensaje en español: ${res.body.slice(0, 200)}`);
          }
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
      expect(await digest()).toEqual(before);
    });
  });
});
