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
);
