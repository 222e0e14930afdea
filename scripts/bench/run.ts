/**
 * `npm run bench`: seeds an organisation at scale (scripts/bench/seed.ts), starts the
 * built server on it and measures, in the same run, a bare route (the ceiling) and the endpoints
 * people wait on, with autocannon: 20 connections, BENCH_SECONDS (10) each. Then it empties the
 * current week, starts the server again and plays Monday morning (scripts/bench/monday.ts) at
 * each write rate, beside the bare route again. Last, it measures the bare route and a kept answer
 * on a server without metrics and on one with them (METRICS_TOKEN) scraped every second. Prints
 * the tables and writes them to docs/benchmarks.md, replacing the previous run's sections for the
 * same database kind.
 *
 * Needs `npm run build` first (it runs dist/server/index.js). Environment:
 *   DATABASE_URL     a PostgreSQL database with no users (else an embedded PGlite in a temp folder)
 *   BENCH_DATA_DIR   the folder an earlier run printed: measure what it seeded again, no seeding
 *                    (the embedded database in it, or with DATABASE_URL the same PostgreSQL
 *                    database; this process then holds no seed, which would slow autocannon)
 *   BENCH_SECONDS    seconds per endpoint (10)
 *   BENCH_ONLY       'endpoints', 'monday' or 'metrics': one of the parts
 *   BENCH_RATES      the Monday write rates, writes/s (0,5,20,50)
 *   BENCH_MONDAY_SECONDS  seconds per rate (20)
 *   BENCH_PEOPLE, BENCH_WEEKS  the organisation seeded (scripts/bench/seed.ts)
 *   BENCH_NO_WRITE=1 print only, leave docs/benchmarks.md alone
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import prettier from 'prettier';
import { freePort, waitFor } from '../lib/net.mjs';
import { MONDAY_AUTHORS, mondayTable, readerAnswerSizes, runMonday } from './monday';
import { ACCOUNTS_FILE, BENCH_PASSWORD, emptyWeek, seed, type BenchAccounts } from './seed';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const SERVER_ENTRY = 'dist/server/index.js';
const DOC = 'docs/benchmarks.md';
/** The ceiling every other endpoint is compared with: a route that only answers. */
const BARE_ROUTE: Endpoint = { name: 'Bare route (/api/health)', path: '/api/health' };

interface Endpoint {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: string;
  /** A fresh body per request (sign-in over many accounts). */
  nextBody?: () => string;
  /** Runs once a second while the endpoint is measured (a write that empties the read cache). */
  meanwhile?: () => Promise<unknown>;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** The slowest request: what a cold answer after a write costs. */
  max: number;
  errors: number;
  requests: number;
}

/**
 * Requests still queued from the previous endpoint (autocannon stops waiting after 10 s, the
 * server does not) would be charged to the next one: wait until the database answers promptly.
 */
async function drain(origin: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    await fetch(`${origin}/api/ready`).catch(() => undefined);
    if (Date.now() - started < 50) return;
  }
}

async function signInAs(origin: string, username: string) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status}`);
  return (await response.json()) as { token: string; id: string; fullName: string };
}

const signIn = async (origin: string, username: string) => (await signInAs(origin, username)).token;

/** Starts the built server on the seeded database; answers its origin and how to stop it. */
async function startServer(
  dataDir: string,
  databaseUrl: string | undefined,
  admin: string,
  env: Record<string, string> = {},
) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      APPA_DEMO: '0',
      APPA_ADMIN_USERNAME: admin,
      APPA_ADMIN_PASSWORD: BENCH_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const kill = () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  };
  process.on('exit', kill);
  await waitFor(async () => (await fetch(`${origin}/api/ready`)).ok, 'the server to be ready', {
    timeoutMs: 120_000,
    exited,
    everyMs: 250,
  });
  return {
    origin,
    stop: async () => {
      kill();
      await exited;
    },
  };
}

const machineLines = (kind: string, load: string) => {
  const cpus = os.cpus();
  return [
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${os.type()} ${os.release()} (${os.arch()}), ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node.js ${process.version}; database: ${kind === 'pglite' ? 'embedded PGlite (on its own thread of the server process)' : 'PostgreSQL'}`,
    `- ${load}; autocannon runs on the same machine. Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  ];
};

async function measure(origin: string, endpoint: Endpoint): Promise<Row> {
  // As a browser asks: every browser accepts compressed answers.
  const headers: Record<string, string> = { origin, 'accept-encoding': 'gzip, deflate, br' };
  if (endpoint.token) headers.authorization = `Bearer ${endpoint.token}`;
  if (endpoint.body || endpoint.nextBody) headers['content-type'] = 'application/json';
  const { nextBody, meanwhile } = endpoint;
  const writer = meanwhile
    ? setInterval(() => void meanwhile().catch(() => undefined), 1000)
    : null;
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: endpoint.method ?? 'GET',
        path: endpoint.path,
        headers,
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(nextBody ? { setupRequest: (request) => ({ ...request, body: nextBody() }) } : {}),
      },
    ],
  });
  if (writer) clearInterval(writer);
  return {
    name: endpoint.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

function table(rows: readonly Row[]): string {
  const ceiling = rows[0]?.rps || 1;
  const lines = [
    '| Endpoint | req/s | p50 (ms) | p99 (ms) | max (ms) | errors | vs bare route |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.rps.toFixed(1)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ${((r.rps / ceiling) * 100).toFixed(1)} % |`,
    ),
  ];
  return lines.join('\n');
}

/**
 * Replaces the section between this kind's markers (or appends one), formatted as the rest of the
 * repository (prettier aligns the tables).
 */
async function writeDoc(kind: string, section: string) {
  const start = `<!-- bench:${kind}:start -->`;
  const end = `<!-- bench:${kind}:end -->`;
  const block = `${start}\n${section}\n${end}`;
  const current = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '# Benchmarks\n';
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  const options = (await prettier.resolveConfig(DOC)) ?? {};
  fs.writeFileSync(DOC, await prettier.format(next, { ...options, filepath: DOC }));
}

async function main() {
  if (!fs.existsSync(SERVER_ENTRY)) {
    console.error(`Falta ${SERVER_ENTRY}: ejecuta primero npm run build.`);
    process.exit(1);
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const reuse = process.env.BENCH_DATA_DIR || undefined;

  let dataDir: string;
  let accounts: BenchAccounts;
  let weekStart: string;
  let counts: Record<string, number> | undefined;
  if (reuse) {
    dataDir = reuse;
    ({ accounts, weekStart, counts } = JSON.parse(
      fs.readFileSync(path.join(reuse, ACCOUNTS_FILE), 'utf8'),
    ) as { accounts: BenchAccounts; weekStart: string; counts?: Record<string, number> });
    console.log(`Midiendo la base ya sembrada de ${dataDir}`);
  } else {
    console.log(`Sembrando (${kind})…`);
    const seeded = await seed({ databaseUrl });
    dataDir = seeded.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'appa-bench-'));
    ({ accounts, weekStart, counts } = seeded);
    // The embedded database's folder holds it already; a PostgreSQL seed gets one for it.
    if (!seeded.dataDir)
      fs.writeFileSync(path.join(dataDir, ACCOUNTS_FILE), JSON.stringify(seeded));
    console.log(`Sembrado en ${seeded.seconds.toFixed(0)} s: ${JSON.stringify(seeded.counts)}`);
    console.log(`Para medir de nuevo sin sembrar: BENCH_DATA_DIR=${dataDir}`);
  }

  const only = process.env.BENCH_ONLY;
  const people = Number(counts?.users ?? (process.env.BENCH_PEOPLE || 5_000)).toLocaleString('en');
  if (!only || only === 'endpoints')
    await measureEndpoints(kind, dataDir, databaseUrl, accounts, weekStart);
  if (!only || only === 'metrics')
    await measureMetrics(kind, dataDir, databaseUrl, accounts, weekStart);
  if (!only || only === 'monday') {
    await emptyWeek({ databaseUrl, dataDir }, weekStart);
    await measureMonday(kind, people, dataDir, databaseUrl, accounts, weekStart);
  }
}

/**
 * What keeping metrics costs a request: the bare route and a kept answer, on a server without
 * metrics and on the same database with them, scraped every second (Prometheus asks every 15 s).
 */
async function measureMetrics(
  kind: string,
  dataDir: string,
  databaseUrl: string | undefined,
  accounts: BenchAccounts,
  weekStart: string,
) {
  const token = 'bench-metrics-token-0123456789abcdef';
  const runs: { label: string; rows: Row[] }[] = [];
  for (const metricsOn of [false, true]) {
    const env: Record<string, string> = metricsOn ? { METRICS_TOKEN: token } : {};
    const { origin, stop } = await startServer(dataDir, databaseUrl, accounts.admin, env);
    try {
      const admin = await signIn(origin, accounts.admin);
      const scrape = metricsOn
        ? () => fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } })
        : undefined;
      const rows: Row[] = [];
      for (const endpoint of [
        BARE_ROUTE,
        { name: 'Panel week, ADMIN', path: `/api/appa/week?weekStart=${weekStart}`, token: admin },
      ]) {
        await drain(origin);
        const row = await measure(origin, { ...endpoint, meanwhile: scrape });
        console.log(
          `Metrics ${metricsOn ? 'on' : 'off'}, ${row.name}: ${row.rps.toFixed(1)} req/s`,
        );
        rows.push(row);
      }
      runs.push({ label: metricsOn ? 'on' : 'off', rows });
    } finally {
      await stop();
    }
  }
  const [off, on] = runs;
  const lines = [
    '| Endpoint | req/s, metrics off | req/s, metrics on | change | p99 off (ms) | p99 on (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...(off?.rows ?? []).map((r, i) => {
      const o = on?.rows[i];
      const change = o ? `${(((o.rps - r.rps) / r.rps) * 100).toFixed(1)} %` : '?';
      return `| ${r.name} | ${r.rps.toFixed(1)} | ${o?.rps.toFixed(1) ?? '?'} | ${change} | ${r.p99} | ${o?.p99 ?? '?'} |`;
    }),
  ];
  const section = [
    `## Metrics on and off: ${kind}`,
    '',
    ...machineLines(
      kind,
      `Load: ${CONNECTIONS} connections, ${SECONDS} s per endpoint; with metrics on, /metrics scraped every second`,
    ),
    '',
    'Two servers started one after the other on the same database: read the change against the',
    "machine's noise, which two runs of the same server show to be several per cent.",
    '',
    lines.join('\n'),
  ].join('\n');
  console.log(`\n${section}`);
  if (process.env.BENCH_NO_WRITE !== '1') await writeDoc(`metrics-${kind}`, section);
}

async function measureEndpoints(
  kind: string,
  dataDir: string,
  databaseUrl: string | undefined,
  accounts: BenchAccounts,
  weekStart: string,
) {
  const { origin, stop } = await startServer(dataDir, databaseUrl, accounts.admin);
  try {
    const [admin, consejo, vp, lider, author] = await Promise.all(
      [accounts.admin, accounts.consejo, accounts.vp, accounts.lider, accounts.author].map((u) =>
        signIn(origin, u),
      ),
    );
    let next = 0;
    const draft = JSON.stringify({
      avances: 'Avance de la semana, guardado por el benchmark.',
      planes: 'Plan de la próxima semana.',
      problemas: '',
      ayuda: '',
      kpiNombre: 'Avance del proyecto',
      kpiMetaPct: 100,
      kpiLogroPct: 80,
      status: 'BORRADOR',
      files: [],
    });
    const endpoints: Endpoint[] = [
      BARE_ROUTE,
      // What Resumen Semanal asks for: the week's tiles and its first page of 20 reports.
      { name: 'Panel week, ADMIN', path: `/api/appa/week?weekStart=${weekStart}`, token: admin },
      {
        name: 'Panel week, ADMIN, an author saving every second',
        path: `/api/appa/week?weekStart=${weekStart}`,
        token: admin,
        meanwhile: () =>
          fetch(`${origin}/api/appa`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${author}`,
              'content-type': 'application/json',
              origin,
            },
            body: draft,
          }),
      },
      {
        name: 'Whole week with texts, ADMIN',
        path: `/api/appa?weekStart=${weekStart}`,
        token: admin,
      },
      { name: 'Hierarchy dashboard, CONSEJO', path: '/api/dashboard/hierarchy', token: consejo },
      { name: 'Hierarchy dashboard, VP', path: '/api/dashboard/hierarchy', token: vp },
      { name: 'Hierarchy dashboard, LIDER', path: '/api/dashboard/hierarchy', token: lider },
      { name: 'Trends (12 weeks), VP', path: '/api/dashboard/trends', token: vp },
      { name: 'Report form load, author', path: '/api/appa/current', token: author },
      { name: 'Draft save, author', method: 'POST', path: '/api/appa', token: author, body: draft },
      { name: 'Weekly CSV export, ADMIN', path: '/api/reports/weekly?format=csv', token: admin },
      {
        name: 'Sign-in (400 accounts)',
        method: 'POST',
        path: '/api/auth/login',
        nextBody: () =>
          JSON.stringify({
            username: accounts.signIn[next++ % accounts.signIn.length],
            password: BENCH_PASSWORD,
          }),
      },
    ];

    const rows: Row[] = [];
    for (const endpoint of endpoints) {
      await drain(origin);
      const row = await measure(origin, endpoint);
      console.log(
        `${row.name}: ${row.rps.toFixed(1)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, max ${row.max} ms, ${row.errors} errors`,
      );
      rows.push(row);
    }

    const section = [
      `## Latest run: ${kind}`,
      '',
      ...machineLines(kind, `Load: ${CONNECTIONS} connections, ${SECONDS} s per endpoint`),
      '',
      'Absolute figures are noisy: the machine is shared (other test runs may be busy at the same time),',
      'and autocannon competes with the server for the same cores. Compare the ratios to the bare route.',
      '',
      table(rows),
    ].join('\n');
    console.log(`\n${section}`);
    if (process.env.BENCH_NO_WRITE !== '1') await writeDoc(kind, section);
  } finally {
    await stop();
  }
}

/** The Monday scenario on a server started afresh on the emptied week. */
async function measureMonday(
  kind: string,
  people: string,
  dataDir: string,
  databaseUrl: string | undefined,
  accounts: BenchAccounts,
  weekStart: string,
) {
  const rates = (process.env.BENCH_RATES || '0,5,20,50').split(',').map(Number);
  const seconds = Number(process.env.BENCH_MONDAY_SECONDS || 20);
  const { origin, stop } = await startServer(dataDir, databaseUrl, accounts.admin);
  try {
    const tokens = {
      admin: await signIn(origin, accounts.admin),
      consejo: await signIn(origin, accounts.consejo),
      vp: await signIn(origin, accounts.vp),
    };
    // Every author the rates will need, signed in before anything is measured (Argon2 is slow on
    // purpose, and signing in is not what Monday morning waits on).
    const needed = Math.min(
      accounts.authors.length,
      MONDAY_AUTHORS + Math.ceil(rates.reduce((n, r) => n + r * seconds, 0) / 5) + 10,
    );
    const authors: { token: string; id: string; fullName: string }[] = [];
    for (let i = 0; i < needed; i += 8) {
      const batch = accounts.authors.slice(i, Math.min(i + 8, needed));
      authors.push(...(await Promise.all(batch.map((u) => signInAs(origin, u)))));
    }
    await drain(origin);
    const bare = await measure(origin, BARE_ROUTE);
    console.log(`Monday: bare route ${bare.rps.toFixed(0)} req/s`);
    const setup = { origin, weekStart, seconds, tokens, authors };
    const sizes = await readerAnswerSizes(setup);
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    const sizeLine = `Answers the readers get, as sent (brotli) / as JSON, before the first write: ${sizes
      .map(
        (s) =>
          `\`${s.path.replace(/weekStart=[\d-]+&?/, '').replace(/\?$/, '')}\` ${kib(s.compressed)} / ${kib(s.json)}`,
      )
      .join('; ')}.`;
    console.log(sizeLine);
    const rows = await runMonday(setup, rates, {
      between: () => drain(origin),
      each: (row) => console.log(`Monday at ${row.rate} writes/s: ${JSON.stringify(row)}`),
    });
    const section = [
      `## Monday morning: ${kind}`,
      '',
      ...machineLines(
        kind,
        `${people} people; the current week emptied; ${MONDAY_AUTHORS} signed-in authors at a time (4 drafts, then a send); 20 readers on the panel's first page and a filtered page, the CONSEJO and a VP hierarchy and the VP's 12-week trends; ${seconds} s per rate`,
      ),
      '',
      `Bare route in the same run: ${bare.rps.toFixed(0)} req/s.`,
      '',
      sizeLine,
      '',
      mondayTable(rows, bare.rps),
    ].join('\n');
    console.log(`\n${section}`);
    if (process.env.BENCH_NO_WRITE !== '1') await writeDoc(`monday-${kind}`, section);
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
