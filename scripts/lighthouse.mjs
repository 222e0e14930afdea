// npm run lighthouse (after npm run build): Lighthouse 12 on the sign-in page, the report form
// and the administrator panel of the built server, started here on a fresh embedded database with
// the demo organisation. Writes the scores to the "Front end" section of docs/benchmarks.md.
//
//   LIGHTHOUSE_PORT=5195   the port of the server it starts
//   LIGHTHOUSE_NO_WRITE=1  print only
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as prettier from 'prettier';
import { waitFor } from './lib/net.mjs';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 5195);
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'appa-lighthouse-'));
const adminPassword = `lh-${randomBytes(12).toString('base64url')}`;
const benchmarks = path.resolve('docs/benchmarks.md');

if (!existsSync('dist/server/index.js') || !existsSync('dist/client/index.html')) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const server = spawn(process.execPath, ['dist/server/index.js'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    APPA_DEMO: '1',
    APPA_ADMIN_USERNAME: 'admin',
    APPA_ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
  },
});

/** Signs in through the API (as the browser would) and returns the session cookie. */
async function signIn(username, password, newPassword) {
  const headers = { 'content-type': 'application/json', origin };
  const res = await fetch(`${origin}/api/auth/login-username`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const user = await res.json();
  if (user.mustChangePassword && newPassword) {
    const changed = await fetch(`${origin}/api/auth/change-password`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({ currentPassword: password, newPassword }),
    });
    if (!changed.ok) throw new Error(`password change: ${changed.status} ${await changed.text()}`);
  }
  return { cookie, user };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

async function audit(chrome, name, url, cookie) {
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    },
    // Lighthouse's default: a mid-range phone on a slow 4G network (simulated throttling).
    undefined,
  );
  if (!result) throw new Error(`no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const ms = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    name,
    path: new URL(lhr.finalDisplayedUrl).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    fcp: ms('first-contentful-paint'),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    lighthouse: lhr.lighthouseVersion,
    chrome: lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?',
  };
}

function section(rows) {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lines = [
    '## Front end',
    '',
    '`npm run lighthouse` (after `npm run build`) starts the built server on a fresh embedded',
    'database with the demo organisation, signs a demo author and the administrator in through',
    'the API, and runs Lighthouse on three pages with the session cookie. Lighthouse defaults:',
    'mobile emulation, simulated slow 4G and 4× CPU slowdown, one run per page. It rewrites this',
    'section; `e2e/budgets.spec.ts` (in `npm test`) holds the JavaScript budget of 150 KiB gzip.',
    '',
    `Run ${when} UTC on ${os.cpus().length} × ${cpu}, Node ${process.version}, Lighthouse ${rows[0]?.lighthouse}, Chromium ${rows[0]?.chrome}.`,
    '',
    '| Page | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} (\`${r.path}\`) | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${(r.fcp / 1000).toFixed(1)} s | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

/**
 * Replaces the "Front end" section (up to the next level-2 heading or the next section
 * `npm run bench` keeps between its markers), or appends it.
 */
async function writeSection(text) {
  // Read right before writing: `npm run bench` writes other sections of the same page.
  const current = existsSync(benchmarks) ? readFileSync(benchmarks, 'utf8') : '# Benchmarks\n';
  const start = current.search(/^## Front end$/m);
  let next;
  if (start < 0) {
    next = `${current.trimEnd()}\n\n${text}`;
  } else {
    const rest = current.slice(start + 1);
    const end = rest.search(/^(## |<!-- bench:)/m);
    next =
      current.slice(0, start) +
      text +
      (end < 0 ? '' : `\n${rest.slice(end)}`.replace(/^\n+/, '\n'));
  }
  // The page is formatted like the rest of the repository (prettier aligns the tables).
  const options = (await prettier.resolveConfig(benchmarks)) ?? {};
  writeFileSync(benchmarks, await prettier.format(next, { ...options, filepath: benchmarks }));
}

let chrome;
try {
  await waitFor(() => fetch(`${origin}/api/health`).then((r) => r.ok), 'the server to start', {
    timeoutMs: 120_000,
    everyMs: 250,
  });
  const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  const author = demo.find((u) => u.role === 'USER');
  if (!author) throw new Error('the demo organisation has no USER');
  const authorSession = await signIn(
    author.username,
    author.password,
    `Lh-${randomBytes(9).toString('base64url')}!`,
  );
  const adminSession = await signIn('admin', adminPassword);

  chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const pages = [
    ['Sign-in', '/auth', undefined],
    ['Report form', `/appa/${author.slug}/submit`, authorSession.cookie],
    ['Admin panel', '/admin', adminSession.cookie],
  ];
  const rows = [];
  for (const [name, pagePath, cookie] of pages) {
    const row = await audit(chrome, name, `${origin}${pagePath}`, cookie);
    // A redirect (to /auth, /change-password) would measure another page.
    if (row.path !== pagePath) throw new Error(`${name}: ended on ${row.path}, not ${pagePath}`);
    rows.push(row);
  }

  const text = section(rows);
  console.log(text);
  if (!process.env.LIGHTHOUSE_NO_WRITE) {
    await writeSection(text);
    console.log(`written to ${path.relative(process.cwd(), benchmarks)}`);
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
