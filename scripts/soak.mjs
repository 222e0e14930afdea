// Load and soak: the built server on a fresh embedded database (the demo organisation
// plus one author per connection), a mix of authors saving drafts and sending and reviewers
// reading the week and the hierarchy, then a check that every acknowledged write is stored and
// that no request failed.
//
//   npm run soak                                  60 s, 100 connections
//   SOAK_DURATION=10 SOAK_CONNECTIONS=20 npm run soak   the short run CI does
//
// Uses dist/server (npm run build); builds the server bundle only when it is missing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, waitFor } from './lib/net.mjs';

const DURATION = Number(process.env.SOAK_DURATION ?? 60);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 100);
const ENTRY = path.resolve('dist/server/index.js');

const problems = [];

/** Runs `fn` over `items`, `limit` at a time (sign-ins hash passwords: a few at once). */
async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

if (!fs.existsSync(ENTRY)) {
  console.log('dist/server missing: building the server bundle');
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [ENTRY], {
  env: {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APPA_DEMO: '1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverLog = '';
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));
const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));

async function api(method, url, { token, body } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Signs in with a temporary password and sets a permanent one, as a first visit does. */
async function activate(username, temporaryPassword) {
  const { token } = await api('POST', '/api/auth/login', {
    body: { username, password: temporaryPassword },
  });
  const newPassword = `Soak-${username}-clave-larga`;
  await api('POST', '/api/auth/change-password', {
    token,
    body: { currentPassword: temporaryPassword, newPassword },
  });
  // Changing the password ends the sessions it was changed from.
  const signed = await api('POST', '/api/auth/login', {
    body: { username, password: newPassword },
  });
  return signed.token;
}

let exitCode = 0;
try {
  await waitFor(async () => (await fetch(`${base}/api/ready`)).ok, 'the server to be ready', {
    timeoutMs: 60_000,
  });
  // The first administrator's temporary password is printed once; the demo people's are in a file.
  const first = /Primer administrador: usuario "([^"]+)", contraseña temporal "([^"]+)"/.exec(
    serverLog,
  );
  if (!first) throw new Error('the server did not print the first administrator');
  const demo = [
    { username: first[1], password: first[2], role: 'ADMIN' },
    ...JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')),
  ];
  const setupStart = Date.now();
  const demoTokens = await pool(demo, 4, (a) => activate(a.username, a.password));
  const byRole = (roles) => demo.flatMap((a, i) => (roles.includes(a.role) ? [demoTokens[i]] : []));
  const [adminToken] = byRole(['ADMIN']);
  const weekReaders = byRole(['ADMIN', 'CONSEJO']);
  const hierarchyReaders = byRole(['CONSEJO', 'VP', 'GERENTE', 'LIDER']);
  const leaders = await api('GET', '/api/users', { token: adminToken });
  const managers = leaders.filter((u) => u.role === 'LIDER' || u.role === 'GERENTE');

  // One author per connection, so that each author's writes are sequential and their order known.
  const authors = await pool(
    Array.from({ length: CONNECTIONS }, (_, i) => i),
    4,
    async (i) => {
      const created = await api('POST', '/api/users', {
        token: adminToken,
        body: {
          email: `soak${i}@example.com`,
          fullName: `Autor de Carga ${i}`,
          role: 'USER',
          managerId: managers[i % managers.length]?.id ?? null,
          cargo: 'Analista',
          unidadOrganizacional: 'Operaciones',
        },
      });
      const token = await activate(created.user.username, created.temporaryPassword);
      // A third of the authors send their report part-way through; the rest keep saving drafts.
      const sendAt = i % 3 === 0 ? 3 + (i % 17) : Infinity;
      return { name: created.user.username, token, attempted: 0, acked: 0, sendAt, sent: false };
    },
  );
  const { weekStart } = await api('GET', '/api/appa/current', { token: authors[0].token });
  console.log(
    `setup: ${demo.length} demo people and ${authors.length} authors in ${((Date.now() - setupStart) / 1000).toFixed(1)} s`,
  );

  const byKind = {};
  const count = (kind, status) => {
    byKind[kind] ??= {};
    byKind[kind][status] = (byKind[kind][status] ?? 0) + 1;
  };
  let nextConnection = 0;
  let reads = 0;

  const write = {
    setupRequest(req, context) {
      context.author ??= authors[nextConnection++ % authors.length];
      const a = context.author;
      if (a.sent) {
        context.kind = 'author: own report';
        return { ...req, method: 'GET', path: '/api/appa/current', headers: auth(a.token) };
      }
      a.attempted += 1;
      const status = a.attempted >= a.sendAt ? 'ENVIADO' : 'BORRADOR';
      context.kind = status === 'ENVIADO' ? 'author: send' : 'author: save draft';
      context.version = a.attempted;
      return {
        ...req,
        method: 'POST',
        path: '/api/appa',
        headers: { ...auth(a.token), 'content-type': 'application/json' },
        body: JSON.stringify({
          avances: `versión ${a.attempted} de ${a.name}`,
          planes: 'Planes de la semana de carga',
          problemas: '',
          ayuda: '',
          status,
        }),
      };
    },
    onResponse(status, _body, context) {
      count(context.kind, status);
      if (context.kind === 'author: own report') return;
      if (status === 200) {
        context.author.acked = context.version;
        if (context.kind === 'author: send') context.author.sent = true;
      } else if (status === 409) {
        // The report was already sent: autocannon can prepare a connection's next request before
        // the answer to the send is handled here, so a second write goes out and the server
        // rightly refuses it (a sent report is final). The final check proves it is stored as sent.
        context.author.sent = true;
        context.author.conflicts = (context.author.conflicts ?? 0) + 1;
      }
    },
  };
  const read = (kind, path, tokens) => ({
    setupRequest(req) {
      return { ...req, method: 'GET', path, headers: auth(tokens[reads++ % tokens.length]) };
    },
    onResponse(status) {
      count(kind, status);
    },
  });

  console.log(`load: ${DURATION} s, ${CONNECTIONS} connections, week ${weekStart}`);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      write,
      read('reviewer: week', `/api/appa?weekStart=${weekStart}`, weekReaders),
      write,
      read('reviewer: hierarchy', '/api/dashboard/hierarchy', hierarchyReaders),
    ],
  });

  // Every acknowledged write is stored: the last acknowledged version, or one sent after it
  // whose answer the end of the run cut off; an acknowledged send stays sent.
  let checked = 0;
  await pool(authors, 8, async (a) => {
    const { report } = await api('GET', '/api/appa/current', { token: a.token });
    const version = Number(/^versión (\d+) de /.exec(report?.avances ?? '')?.[1] ?? 0);
    checked += a.acked > 0 ? 1 : 0;
    if (version < a.acked || version > a.attempted)
      problems.push(`${a.name}: acknowledged v${a.acked}, stored v${version}`);
    if (a.sent && report?.status !== 'ENVIADO')
      problems.push(`${a.name}: acknowledged send stored as ${report?.status}`);
  });

  const acked = authors.reduce((n, a) => n + a.acked, 0);
  const sends = authors.filter((a) => a.sent).length;
  const pct = (p) => result.latency[`p${p}`] ?? result.latency[p];
  console.log('\nrequests by kind and status:');
  for (const [kind, statuses] of Object.entries(byKind)) {
    console.log(`  ${kind.padEnd(22)} ${JSON.stringify(statuses)}`);
    for (const status of Object.keys(statuses)) {
      const code = Number(status);
      // 409 on a write is the designed answer once a report is sent (see onResponse above).
      const expected = code === 200 || (code === 409 && kind.startsWith('author: s'));
      if (!expected) problems.push(`${kind}: ${statuses[status]} × ${status}`);
    }
  }
  const summary = {
    duration_s: DURATION,
    connections: CONNECTIONS,
    requests: result.requests.total,
    rps_avg: Math.round(result.requests.average),
    latency_ms: { p50: pct(50), p90: pct(90), p99: pct(99), max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    acknowledged_writes: acked,
    acknowledged_sends: sends,
    authors_checked: checked,
    lost_writes: problems.filter((p) => p.includes('stored')).length,
  };
  console.log('\nsoak figures:');
  console.log(JSON.stringify(summary, null, 2));
  if (result.errors || result.timeouts)
    problems.push(`${result.errors} errors, ${result.timeouts} timeouts`);
} catch (error) {
  problems.push(String(error?.stack ?? error));
} finally {
  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) problems.push(`the server exited with ${code} on SIGTERM`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (problems.length) {
  console.error(`\nSOAK FAILED:\n  ${problems.slice(0, 50).join('\n  ')}`);
  if (serverLog.trim()) console.error(`\nserver log (last 4000 chars):\n${serverLog.slice(-4000)}`);
  exitCode = 1;
} else {
  console.log('\nsoak ok: no 5xx, no failed request, every acknowledged write stored');
}
process.exit(exitCode);

function auth(token) {
  return { authorization: `Bearer ${token}` };
}
