import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { EVERY_PAGE_DATA, PAGE_MODULES } from './client/src/app/page-modules';

const apiPort = process.env.API_PORT ?? '5001';

/**
 * The icons of the pages most visits start on: the app's own, /auth's, a personal link's and the
 * report form's. Each icon alone would be a file of its own (a request, some 250 bytes of gzip);
 * these load in one file with the app, every other icon in one file the back office loads. An
 * icon a page above uses and this list lacks makes that page load the back office's file:
 * e2e/budgets.spec.ts fails for /auth and the report form.
 */
const FIRST_PAGES_ICONS = [
  'bell',
  'chart-column',
  'circle-exclamation-point',
  'clipboard-list',
  'clock',
  'eye',
  'eye-off',
  'file-pen',
  'file-text',
  'info',
  'layout-dashboard',
  'life-buoy',
  'loader-circle',
  'log-out',
  'mail',
  'mail-check',
  'paperclip',
  // lucide's History
  'rotate-ccw-clock',
  'rotate-cw',
  'save',
  'send',
  'shield-exclamation-point',
  'user-round',
  'user-x',
  'x',
];
const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;

/**
 * The small pieces both the first pages and the back office draw (an alert, a form's label, input
 * and text area, a date, a week's name): one file rather than one each, a request and a gzip
 * stream for a few hundred bytes.
 */
const SHARED_UI =
  /[\\/]client[\\/]src[\\/](components[\\/]ui[\\/](alert|input|label|textarea)\.tsx|lib[\\/]format\.ts)$|[\\/]common[\\/]week-label\.ts$/;

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isDynamicEntry?: boolean };

/**
 * Writes .vite/pages.json beside the manifest: for each page of client/src/app/page-modules.ts,
 * the scripts and styles its lazy modules need beyond what index.html loads already, and the API
 * answers it asks for first. The server announces them in that page's HTML
 * (server/plugins/client.ts).
 */
function pagePreloads(): Plugin {
  return {
    name: 'appa:page-preloads',
    apply: 'build',
    writeBundle({ dir = 'dist' }) {
      const manifest = JSON.parse(
        readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'),
      ) as Record<string, ManifestChunk>;
      // A chunk's files and those of what it imports statically, the chunk's own first.
      const filesOf = (key: string, into = new Set<string>()) => {
        const chunk = manifest[key];
        if (!chunk || into.has(chunk.file)) return into;
        into.add(chunk.file);
        for (const css of chunk.css ?? []) into.add(css);
        for (const next of chunk.imports ?? []) filesOf(next, into);
        return into;
      };
      const shell = filesOf('index.html');
      const pages = Object.entries(PAGE_MODULES).map(([page, needs]) => {
        const files = new Set<string>();
        for (const module of needs.modules) {
          if (!manifest[module]?.isDynamicEntry) {
            this.error(`page-modules.ts: ${module} (${page}) is not a lazy chunk of the build`);
          }
          filesOf(module, files);
        }
        const own = [...files].filter((file) => !shell.has(file)).map((file) => `/${file}`);
        return [
          page,
          {
            scripts: own.filter((file) => file.endsWith('.js')),
            styles: own.filter((file) => file.endsWith('.css')),
            data: EVERY_PAGE_DATA,
          },
        ];
      });
      writeFileSync(
        path.join(dir, '.vite/pages.json'),
        `${JSON.stringify(Object.fromEntries(pages), null, 2)}\n`,
      );
    },
  };
}

/**
 * The styles' link before the scripts in index.html: the first paint (the loading screen) waits
 * for the styles and not for the scripts, so the browser asks for the styles first. Vite writes
 * them last.
 */
function stylesFirst(): Plugin {
  return {
    name: 'appa:styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const styles = html.match(/^[ \t]*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
        const script = html.search(/^[ \t]*<script/m);
        if (styles.length === 0 || script < 0) return html;
        const rest = styles.reduce((out, link) => out.replace(link, ''), html);
        const at = rest.search(/^[ \t]*<script/m);
        return rest.slice(0, at) + styles.join('') + rest.slice(at);
      },
    },
  };
}

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss(), stylesFirst(), pagePreloads()],
  resolve: {
    alias: {
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
      '@': fileURLToPath(new URL('./client/src', import.meta.url)),
    },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Which chunk holds which route: e2e/budgets.spec.ts and pagePreloads read it (not served: a
    // dot folder).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs, in one file: one request, one gzip stream (smaller than
              // the same code in six chunks), cached across deploys that only change our code.
              // Every button is a Radix Slot: left out, it becomes a chunk of its own.
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|@radix-ui[\\/](react-slot|react-compose-refs)|tailwind-merge|clsx)[\\/]/,
            },
            {
              name: 'icons-first',
              test: (id) => FIRST_PAGES_ICONS.includes(ICONS.exec(id)?.[1] ?? ''),
            },
            { name: 'icons', test: ICONS },
            {
              // Our own code every page runs (the app, its API client and what they import), in
              // the entry's one file rather than in eight small ones shared with the pages: each
              // file is a request, and its own gzip stream.
              name: 'index',
              tags: ['$initial'],
            },
            // After the app's own code: what these use of it stays in the app's file.
            { name: 'ui', test: SHARED_UI },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
