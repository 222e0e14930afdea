import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { adminCredentials, demoUser, freshPassword } from './support/demo-users';
import { signInReady, signInViaApi } from './support/session';

// Budgets: the sign-in page and the report form each load at most 150 KiB of gzip JavaScript, and
// each route loads only its own code. Counted: every script the browser requests until the page
// is idle (lazy chunks and the upload dialog included), gzip level 9 as a CDN would send it.
// And what a page loads, its HTML announces: no script or first answer is found only once
// another script has run (server/plugins/client.ts, client/src/app/page-modules.ts).

const BUDGET_BYTES = 150 * 1024;

type Chunk = {
  file: string;
  name?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, Chunk>;

function manifest(): Manifest {
  const file = path.resolve('dist/client/.vite/manifest.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The files a chunk needs before it runs: itself and what it imports, transitively. */
function staticClosure(all: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = all[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const next of chunk.imports ?? []) staticClosure(all, next, into);
  return into;
}

/**
 * A lazy route's own code: its chunk and the chunks no other lazy route and not the page shell
 * needs (shared icons or buttons belong to nobody).
 */
function ownChunks(source: string): string[] {
  const all = manifest();
  expect(all[source]?.isDynamicEntry, `${source} is not a lazy chunk of its own`).toBe(true);
  const others = new Set(staticClosure(all, 'index.html'));
  for (const [key, chunk] of Object.entries(all)) {
    if (key !== source && chunk.isDynamicEntry)
      for (const f of staticClosure(all, key)) others.add(f);
  }
  const own = [...staticClosure(all, source)].filter((file) => !others.has(file));
  return [all[source]?.file ?? source, ...own.filter((file) => file !== all[source]?.file)];
}

/** The chunks of the charts library (recharts), found by the class names it writes. */
function chartChunks(): string[] {
  const dir = path.resolve('dist/client/assets');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .filter((name) => readFileSync(path.join(dir, name), 'utf8').includes('recharts-wrapper'))
    .map((name) => `assets/${name}`);
  expect(files.length, 'the build has no recharts chunk').toBeGreaterThan(0);
  return files;
}

/** The file of the chunk the build named `name` (a codeSplitting group of vite.config.ts). */
function namedChunk(name: string): string {
  const found = Object.values(manifest()).find((chunk) => chunk.name === name);
  expect(found, `the build has no chunk named ${name}`).toBeDefined();
  return found?.file ?? name;
}

/** The scripts a page's HTML announces: the app's own script and the preloads. */
function announced(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
}

/**
 * Every script the page loaded was announced in its HTML, and every announced one was loaded;
 * the first answers it asks the API for were asked once (the preloaded answer was used).
 */
function expectAnnounced(
  html: string,
  scripts: ReturnType<typeof watchScripts>,
  api: readonly string[],
) {
  const named = announced(html);
  expect(
    scripts.files().filter((file) => !named.includes(file)),
    'scripts the HTML did not announce',
  ).toEqual([]);
  expect(
    named.filter((file) => !scripts.files().includes(file)),
    'announced scripts the page never loaded',
  ).toEqual([]);
  for (const path of api) {
    expect(html, path).toContain(`<link rel="preload" as="fetch" crossorigin href="${path}">`);
    expect(scripts.requests(path), `requests for ${path}`).toBe(1);
  }
}

/**
 * Records the scripts a page requests, with their size once gzip-compressed, and how often it asks
 * for each API address. A body arrives after its response: `settled()` waits for those still on
 * their way.
 */
function watchScripts(page: Page) {
  const scripts = new Map<string, number>();
  const api = new Map<string, number>();
  const reading: Promise<void>[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) api.set(pathname, (api.get(pathname) ?? 0) + 1);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    reading.push(
      response
        .body()
        .then((body) => {
          scripts.set(url.pathname.slice(1), gzipSync(body, { level: 9 }).length);
        })
        .catch(() => {}),
    );
  });
  return {
    settled: async () => {
      await Promise.all(reading);
    },
    files: () => [...scripts.keys()],
    requests: (path: string) => api.get(path) ?? 0,
    total: () => [...scripts.values()].reduce((sum, n) => sum + n, 0),
    report: () =>
      [...scripts.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([file, bytes]) => `${(bytes / 1024).toFixed(1).padStart(6)} KiB  ${file}`)
        .join('\n'),
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const ADMIN_PANEL = 'src/app/routes/admin-panel.tsx';
const DASHBOARDS = [
  'src/app/routes/board-dashboard.tsx',
  'src/app/routes/vp-dashboard.tsx',
  'src/app/routes/manager-dashboard.tsx',
  'src/app/routes/leader-dashboard.tsx',
];
const REPORT_PAGE = 'src/features/reports/components/report-page.tsx';
// The panel's tabs other than the summary, and the dialogs of the summary's rows.
const PANEL_LATER = [
  'src/app/routes/admin-panel/users-tab.tsx',
  'src/app/routes/admin-panel/review-tab.tsx',
  'src/app/routes/admin-panel/reports-tab.tsx',
  'src/app/routes/admin-panel/configuration-tab.tsx',
  'src/app/routes/admin-panel/summary-dialog.tsx',
];

function expectNoneOf(loaded: string[], sources: string[]) {
  for (const source of sources) {
    for (const chunk of ownChunks(source))
      expect(loaded, `${source}: ${chunk}`).not.toContain(chunk);
  }
  for (const chunk of chartChunks()) expect(loaded, `charts: ${chunk}`).not.toContain(chunk);
}

/** The first pages' icons load with the app (vite.config.ts): none from the back office's file. */
function expectFirstPageIcons(loaded: string[]) {
  expect(loaded, "the back office's icons").not.toContain(namedChunk('icons'));
}

test('the sign-in page loads at most 150 KiB of JavaScript, and none of the other areas', async ({
  page,
}, testInfo) => {
  const scripts = watchScripts(page);
  const response = await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Acceder', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await scripts.settled();

  await testInfo.attach('scripts', { body: scripts.report(), contentType: 'text/plain' });
  console.log(`JavaScript of ${page.url()}: ${kib(scripts.total())} gzip`);
  expect(
    scripts.total(),
    `/auth loads ${kib(scripts.total())}:\n${scripts.report()}`,
  ).toBeLessThanOrEqual(BUDGET_BYTES);
  expectNoneOf(scripts.files(), [ADMIN_PANEL, ...DASHBOARDS, REPORT_PAGE]);
  expectFirstPageIcons(scripts.files());
  expectAnnounced((await response?.text()) ?? '', scripts, ['/api/user']);
});

test('the report form loads at most 150 KiB of JavaScript, and neither the panel nor the dashboards', async ({
  page,
}, testInfo) => {
  const user = demoUser('budgets');
  await signInReady(page, user, freshPassword());
  const scripts = watchScripts(page);
  const response = await page.goto(`/appa/${user.slug}/submit`);
  await expect(page.getByRole('button', { name: 'Enviar APPA' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await scripts.settled();

  await testInfo.attach('scripts', { body: scripts.report(), contentType: 'text/plain' });
  console.log(`JavaScript of ${page.url()}: ${kib(scripts.total())} gzip`);
  expect(
    scripts.total(),
    `/appa/…/submit loads ${kib(scripts.total())}:\n${scripts.report()}`,
  ).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(scripts.files()).toContain(ownChunks(REPORT_PAGE)[0]);
  expectNoneOf(scripts.files(), [ADMIN_PANEL, ...DASHBOARDS]);
  expectFirstPageIcons(scripts.files());
  expectAnnounced((await response?.text()) ?? '', scripts, ['/api/user']);
});

test('the panel loads its weekly summary, announced in its HTML; the other tabs and the dialogs when wanted', async ({
  page,
}) => {
  await signInViaApi(page, adminCredentials());
  const scripts = watchScripts(page);
  const response = await page.goto('/admin');
  // Not 'networkidle': the panel's live channel stays open.
  await expect(page.getByText(/personas? no ha/)).toBeVisible();
  await scripts.settled();

  expect(scripts.files()).toContain(ownChunks(ADMIN_PANEL)[0]);
  expectNoneOf(scripts.files(), [...PANEL_LATER, ...DASHBOARDS, REPORT_PAGE]);
  expectAnnounced((await response?.text()) ?? '', scripts, ['/api/user']);

  // A pointer over the week's table fetches the rows' dialogs; a tab, its own code.
  await page.getByRole('region', { name: 'Tabla de APPAs de la semana' }).hover();
  await expect
    .poll(async () => {
      await scripts.settled();
      return scripts.files();
    })
    .toContain(ownChunks('src/app/routes/admin-panel/summary-dialog.tsx')[0]);
  await page.getByRole('tab', { name: 'Gestión de Usuarios' }).click();
  await expect(page.getByRole('button', { name: 'Crear Usuario' })).toBeVisible();
  await scripts.settled();
  expect(scripts.files()).toContain(ownChunks('src/app/routes/admin-panel/users-tab.tsx')[0]);
});

test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('a page shows the loading screen, its styles asked for before its scripts', async ({
    page,
  }) => {
    const response = await page.goto('/auth');
    await expect(page.getByRole('status', { name: 'Cargando' })).toBeVisible();
    const html = (await response?.text()) ?? '';
    expect(html.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('<script'));
  });
});
