import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const CLIENT_SRC = path.join(import.meta.dirname, 'client/src');
const FEATURES = path.join(CLIENT_SRC, 'features');

/** The first folder under `dir` that `file` lies in, or null when it lies outside `dir`. */
function folderIn(dir, file) {
  const relative = path.relative(dir, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0];
}

/**
 * The client's layers: a feature (client/src/features/<resource>) may import client/src/lib,
 * components and hooks, and its own folder, never another feature; those lower folders import no
 * feature at all. Screens that need several resources are composed in client/src/app/routes.
 * Both '@/…' and relative specifiers are resolved, so that '../../week/…' is caught as well.
 */
const clientLayers = {
  rules: {
    'no-cross-feature-imports': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          crossFeature:
            'features/{{from}} may not import features/{{to}}: compose them in client/src/app/routes.',
          lowerLayer:
            'client/src/{{from}} may not import features/{{to}}: it is below the features.',
        },
      },
      create(context) {
        const layer = folderIn(CLIENT_SRC, context.filename);
        const feature = folderIn(FEATURES, context.filename);
        if (layer === null || layer === 'app') return {};
        const check = (node) => {
          const specifier = node.source?.value;
          if (typeof specifier !== 'string') return;
          const target = specifier.startsWith('@/')
            ? path.join(CLIENT_SRC, specifier.slice(2))
            : specifier.startsWith('.')
              ? path.resolve(path.dirname(context.filename), specifier)
              : null;
          const imported = target && folderIn(FEATURES, target);
          if (!imported || imported === feature) return;
          context.report({
            node: node.source,
            messageId: feature ? 'crossFeature' : 'lowerLayer',
            data: { from: feature ?? layer, to: imported },
          });
        };
        return {
          ImportDeclaration: check,
          ImportExpression: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
        };
      },
    },
  },
};

/** A string that starts like a request line: an HTTP method, a space and a path under /api/. */
const METHOD_AND_API_PATH = /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \/api\//;

/**
 * A route says what it is (public, its token scope, the events it announces) in its own `config`
 * (server/plugins/route-facts.ts), where a new route cannot forget it. A table keyed by
 * 'METHOD /api/…' strings elsewhere drifts from the routes it names: outside tests, such a
 * string is refused. Comments may still name routes that way.
 */
const apiRoutes = {
  rules: {
    'no-method-path-strings': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          methodPath:
            'Do not name a route by a "{{text}}" string: declare its fact in the route\'s own config (server/plugins/route-facts.ts).',
        },
      },
      create(context) {
        const check = (node, text) => {
          const match = METHOD_AND_API_PATH.exec(text);
          if (match) context.report({ node, messageId: 'methodPath', data: { text: match[0] } });
        };
        return {
          Literal(node) {
            if (typeof node.value === 'string') check(node, node.value);
          },
          TemplateLiteral(node) {
            check(node, node.quasis[0]?.value.cooked ?? '');
          },
        };
      },
    },
  },
};

const SERVER = path.join(import.meta.dirname, 'server');

/** The organisation's operations, and what they may import besides one another. */
const OPERATIONS = ['events', 'domain', 'services'];
const BELOW_OPERATIONS = ['presenters', 'policies', 'adapters', 'db', 'lib'];

/**
 * The server's layers, from the top: what each folder of server/ may import besides its own files
 * (every folder may also import server/context.ts, server/config.ts and common/).
 *
 *   app (server/*.ts: app.ts, index.ts, backup-cli.ts)  wires everything; not checked.
 *   routes/<resource>    → plugins, jobs, events, domain, services, presenters, policies, adapters,
 *                          db, lib; never another routes/<resource>: what two resources share
 *                          lives in domain/.
 *   plugins, jobs        → events, domain, services, presenters, policies, adapters, db, lib;
 *                          never routes/ (a job is an entry point beside the routes).
 *   events, domain,      → one another, presenters, policies, adapters, db, lib: the
 *   services               organisation's reads, writes and their announcements (the cycle rule
 *                          keeps their files apart); never routes/, jobs/ or plugins/.
 *   presenters           → policies, db, lib.
 *   policies             → db, lib.
 *   adapters             → db, lib: the outside world (mail, webhooks' transport, the identity
 *                          provider, file storage, metrics, backups) behind an interface; db only
 *                          for the rows they keep or copy (the storage's signing key, a backup's
 *                          tables, the gauges' counts).
 *   db, lib              → each other.
 *
 * Tests and server/test/ drive the whole app and are not checked, nor are context.ts and
 * config.ts. KNOWN_UPWARD lists the arrows against this order that the code still has, each with
 * its reason, so that no new one appears.
 */
const MAY_IMPORT = {
  routes: ['plugins', 'jobs', ...OPERATIONS, ...BELOW_OPERATIONS],
  plugins: [...OPERATIONS, ...BELOW_OPERATIONS],
  jobs: [...OPERATIONS, ...BELOW_OPERATIONS],
  events: [...OPERATIONS, ...BELOW_OPERATIONS],
  domain: [...OPERATIONS, ...BELOW_OPERATIONS],
  services: [...OPERATIONS, ...BELOW_OPERATIONS],
  presenters: ['policies', 'db', 'lib'],
  policies: ['db', 'lib'],
  adapters: ['db', 'lib'],
  db: ['lib'],
  lib: ['db'],
};

/** Imports against the order that the code has today, by importing file (server/…) and target. */
const KNOWN_UPWARD = [
  // Every permission is decided on the tree of managers, which dashboards and exports walk too.
  { from: 'policies/', to: 'domain/hierarchy.ts' },
  // A refused request is audited where it is refused.
  { from: 'policies/', to: 'services/audit.ts' },
  // The read cache's subscriber forgets on this instance what the route layer's cache keeps.
  { from: 'events/cache.ts', to: 'plugins/read-cache.ts' },
  // The metrics read the scheduler's record of each run (a type).
  { from: 'adapters/metrics', to: 'jobs/scheduler.ts' },
  // A restore pauses the jobs while it replaces the data, and audits itself in the data it restored.
  { from: 'adapters/backup/restore.ts', to: 'services/audit.ts' },
  { from: 'adapters/backup/restore.ts', to: 'services/jobs-pause.ts' },
];

/**
 * Not checked: the app that wires everything, server/test/, and context.ts and config.ts, which
 * gather the types of what every layer is handed (and so may be imported by every layer).
 */
const UNCHECKED = new Set(['app', 'test', 'foundation']);

/** Always importable: the context every layer is handed, and the configuration. */
const FOUNDATION = new Set(['context', 'config']);

/** Where a path of server/ lies: its layer, and for a route its resource folder. */
function serverPlace(file) {
  const relative = path.relative(SERVER, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  if (parts.length === 1) {
    const name = parts[0].replace(/\.[jt]s$/, '');
    if (FOUNDATION.has(name)) return { layer: 'foundation', relative };
    // A folder imported by its index ('../policies').
    if (fs.existsSync(file) && fs.statSync(file).isDirectory())
      return { layer: name, relative: `${name}/index.ts` };
    return { layer: 'app', relative };
  }
  return {
    layer: parts[0],
    resource: parts[0] === 'routes' ? parts[1] : null,
    relative: parts.join('/'),
  };
}

/** The import specifiers of a module's import, export-from and import() nodes. */
function importVisitors(check) {
  const visit = (node) => {
    const specifier = node.source?.value;
    if (typeof specifier === 'string') check(node, specifier);
  };
  return {
    ImportDeclaration: visit,
    ImportExpression: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
  };
}

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

const layersRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossRoute:
        'routes/{{from}} may not import routes/{{to}}: move what both need to server/domain/.',
      upward: 'server/{{from}} may not import server/{{to}}: {{layer}} is below {{target}}.',
    },
  },
  create(context) {
    const here = serverPlace(context.filename);
    if (!here || UNCHECKED.has(here.layer) || isTest(context.filename)) return {};
    return importVisitors((node, specifier) => {
      if (!specifier.startsWith('.')) return;
      const there = serverPlace(path.resolve(path.dirname(context.filename), specifier));
      if (!there || there.layer === 'foundation' || there.layer === here.layer) {
        if (there?.resource && here.resource && there.resource !== here.resource) {
          context.report({
            node: node.source,
            messageId: 'crossRoute',
            data: { from: here.resource, to: there.resource },
          });
        }
        return;
      }
      if (MAY_IMPORT[here.layer]?.includes(there.layer)) return;
      const target = there.relative.replace(/(\.js)?$/, '');
      if (
        KNOWN_UPWARD.some(
          (k) =>
            here.relative.startsWith(k.from) &&
            `${target}.ts`.startsWith(k.to.replace(/\.ts$/, '')),
        )
      )
        return;
      context.report({
        node: node.source,
        messageId: 'upward',
        data: { from: here.relative, to: there.relative, layer: here.layer, target: there.layer },
      });
    });
  },
};

/**
 * The value imports (type-only ones vanish when compiled, so they cannot make a cycle at load
 * time) of a file of server/ or common/ on disk, resolved to files; read once per lint run.
 */
const valueImportsOf = new Map();
const IMPORT_SPECIFIERS =
  /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

function resolveModule(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function diskImports(file) {
  let found = valueImportsOf.get(file);
  if (!found) {
    const source = fs.readFileSync(file, 'utf8');
    found = [...source.matchAll(IMPORT_SPECIFIERS)]
      .map((match) => resolveModule(file, match[1] ?? match[2]))
      .filter((target) => target !== null);
    valueImportsOf.set(file, found);
  }
  return found;
}

/** A chain of imports from `start` back to `file`, or null when there is none. */
function chainBackTo(file, start) {
  const seen = new Set();
  const walk = (current) => {
    if (current === file) return [current];
    if (seen.has(current)) return null;
    seen.add(current);
    for (const next of diskImports(current)) {
      const rest = walk(next);
      if (rest) return [current, ...rest];
    }
    return null;
  };
  return walk(start);
}

const noCycleRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}.' },
  },
  create(context) {
    const file = context.filename;
    const isImportKind = (node) => node.importKind === 'type' || node.exportKind === 'type';
    return importVisitors((node, specifier) => {
      if (!specifier.startsWith('.') || isImportKind(node)) return;
      const target = resolveModule(file, specifier);
      const chain = target && chainBackTo(file, target);
      if (!chain) return;
      const name = (f) => path.relative(import.meta.dirname, f);
      context.report({
        node: node.source,
        messageId: 'cycle',
        data: { chain: [file, ...chain].map(name).join(' → ') },
      });
    });
  },
};

export const serverLayers = {
  rules: { layers: layersRule, 'no-cycle': noCycleRule },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'client-layers': clientLayers },
    rules: { 'client-layers/no-cross-feature-imports': 'error' },
  },
  {
    // Tests and their helpers may name the routes they call that way.
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'e2e/**', '**/test/**', '**/tests/**'],
    plugins: { 'api-routes': apiRoutes },
    rules: { 'api-routes/no-method-path-strings': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { 'server-layers': serverLayers },
    rules: { 'server-layers/layers': 'error' },
  },
  {
    files: ['server/**/*.{ts,tsx}', 'common/**/*.ts'],
    plugins: { 'server-layers': serverLayers },
    rules: { 'server-layers/no-cycle': 'error' },
  },
);
