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
);
