/**
 * Monday morning, for `npm run bench`: the current week starts empty; signed-in authors save drafts
 * and send at a fixed rate of writes per second while 20 readers cycle through what administrators
 * and managers watch (the panel's first page and a filtered page, the board's and a VP's
 * dashboard, the trends). Per rate: reads/s and read latency, writes achieved and their latency,
 * errors, and how long a sent report takes to show on a dashboard the readers watch (freshness).
 */
import http from 'node:http';
import autocannon from 'autocannon';

const READERS = 20;
/** Drafts an author saves before sending; a sent author is replaced by a fresh one. */
const DRAFTS_BEFORE_SEND = 4;
/** Authors writing at the same time. */
export const MONDAY_AUTHORS = 200;

export interface MondayRow {
  rate: number;
  readsPerSecond: number;
  readP50: number;
  readP99: number;
  writesPerSecond: number;
  writeP99: number;
  errors: number;
  /** Sent → counted in the panel's first page, ms: median and slowest of the probes. */
  freshnessP50: number | null;
  freshnessMax: number | null;
}

export interface MondaySetup {
  origin: string;
  weekStart: string;
  seconds: number;
  tokens: { admin: string; consejo: string; vp: string };
  /** Signed-in authors with no report this week, in the order they start writing. */
  authors: { token: string; id: string; fullName: string }[];
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) : 0;

const body = (n: number, status: 'BORRADOR' | 'ENVIADO') =>
  JSON.stringify({
    avances: `Avance número ${n} de la semana: clientes visitados, entregas y pendientes.`,
    planes: 'Cerrar las entregas pendientes y preparar la revisión del viernes.',
    problemas: n % 4 === 0 ? 'Retraso del proveedor de datos.' : '',
    ayuda: '',
    kpiNombre: 'Avance del proyecto',
    kpiMetaPct: 100,
    kpiLogroPct: 40 + (n % 60),
    status,
    files: [],
  });

/** The authors, each writing in turn: drafts, then a send, then the next author takes the place. */
function authorPool(setup: MondaySetup) {
  let next = 0;
  const active: { author: MondaySetup['authors'][number]; writes: number }[] = [];
  const take = () => {
    const author = setup.authors[next++];
    if (!author) throw new Error('the Monday scenario ran out of authors: seed more');
    return { author, writes: 0 };
  };
  // Authors are at every stage from the start (some about to send), as on a real Monday.
  for (let i = 0; i < Math.min(MONDAY_AUTHORS, setup.authors.length); i++) {
    active.push({ ...take(), writes: i % (DRAFTS_BEFORE_SEND + 1) });
  }
  let turn = 0;
  return () => {
    const slot = turn++ % active.length;
    const current = active[slot] ?? take();
    const send = current.writes >= DRAFTS_BEFORE_SEND;
    current.writes += 1;
    if (send) active[slot] = take();
    return { author: current.author, send };
  };
}

/**
 * Runs the scenario at each rate in turn, on the same server (the authors who sent stay sent),
 * and answers a row per rate; `between` runs before each rate, `each` after it.
 */
export async function runMonday(
  setup: MondaySetup,
  rates: readonly number[],
  hooks: { between?: () => Promise<void>; each?: (row: MondayRow) => void } = {},
) {
  const nextWrite = authorPool(setup);
  // Sends acknowledged since the week was emptied, across the rates.
  const sent = { count: 0 };
  const rows: MondayRow[] = [];
  for (const rate of rates) {
    await hooks.between?.();
    const row = await runRate(setup, rate, nextWrite, sent);
    hooks.each?.(row);
    rows.push(row);
  }
  return rows;
}

/** What the readers cycle through, and whose session each is read with. */
function readerPaths({ weekStart, tokens }: MondaySetup) {
  return [
    { path: `/api/appa/week?weekStart=${weekStart}`, token: tokens.admin },
    {
      path: `/api/appa/week?weekStart=${weekStart}&status=enviados&review=sin-revisar`,
      token: tokens.admin,
    },
    { path: `/api/dashboard/hierarchy?weekStart=${weekStart}`, token: tokens.consejo },
    { path: `/api/dashboard/hierarchy?weekStart=${weekStart}`, token: tokens.vp },
    { path: '/api/dashboard/trends?weeks=12', token: tokens.vp },
  ];
}

/**
 * How large each answer the readers get is, as sent (brotli) and as JSON: at the size of a large
 * organisation the bytes, more than the computation, bound how many reads a second go out.
 */
export async function readerAnswerSizes(setup: MondaySetup) {
  return Promise.all(
    readerPaths(setup).map(async ({ path, token }) => {
      const headers = { authorization: `Bearer ${token}`, origin: setup.origin };
      // node:http, unlike fetch, hands over the bytes as sent, still compressed.
      const compressed = await new Promise<number>((resolve, reject) => {
        http
          .get(
            `${setup.origin}${path}`,
            { headers: { ...headers, 'accept-encoding': 'br' } },
            (res) => {
              let bytes = 0;
              res.on('data', (chunk: Buffer) => (bytes += chunk.length));
              res.on('end', () => resolve(bytes));
            },
          )
          .on('error', reject);
      });
      const json = (await (await fetch(`${setup.origin}${path}`, { headers })).arrayBuffer())
        .byteLength;
      return { path, compressed, json };
    }),
  );
}

async function runRate(
  setup: MondaySetup,
  rate: number,
  nextWrite: ReturnType<typeof authorPool>,
  sent: { count: number },
): Promise<MondayRow> {
  const { origin } = setup;
  const read = (path: string, token: string) => ({
    method: 'GET',
    path,
    headers: {
      origin,
      'accept-encoding': 'gzip, deflate, br',
      authorization: `Bearer ${token}`,
    },
  });
  const readers = autocannon({
    url: origin,
    connections: READERS,
    duration: setup.seconds,
    requests: readerPaths(setup).map(({ path, token }) => read(path, token)),
  });

  const writeLatencies: number[] = [];
  const freshness: number[] = [];
  let writeErrors = 0;
  let writes = 0;
  let probing = false;
  const pending: Promise<void>[] = [];

  /**
   * Polls the panel's first page as the readers read it (so it may lag, as they see it) until its
   * count of sent reports takes in every send acknowledged so far, this one included.
   */
  const probe = async (sentAt: number) => {
    const expected = sent.count;
    const [first] = readerPaths(setup);
    if (!first) return;
    while (performance.now() - sentAt < 10_000) {
      const res = await fetch(`${origin}${first.path}`, {
        headers: { authorization: `Bearer ${first.token}` },
      });
      const body = (await res.json()) as { counts?: { sent?: number } };
      if ((body.counts?.sent ?? 0) >= expected) {
        freshness.push(performance.now() - sentAt);
        return;
      }
    }
    freshness.push(Number.POSITIVE_INFINITY);
  };

  const write = async (n: number) => {
    const { author, send } = nextWrite();
    const started = performance.now();
    try {
      const res = await fetch(`${origin}/api/appa`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${author.token}`,
          'content-type': 'application/json',
          origin,
        },
        body: body(n, send ? 'ENVIADO' : 'BORRADOR'),
      });
      await res.arrayBuffer();
      const done = performance.now();
      writeLatencies.push(done - started);
      if (!res.ok) writeErrors += 1;
      else writes += 1;
      if (res.ok && send) sent.count += 1;
      // One probe at a time: enough samples, without turning the probe into load of its own.
      if (res.ok && send && !probing) {
        probing = true;
        await probe(done).finally(() => (probing = false));
      }
    } catch {
      writeErrors += 1;
    }
  };

  // Writes start on a fixed schedule, whether or not the previous ones have been answered: the
  // authors do not wait for each other.
  const started = performance.now();
  const total = Math.round(rate * setup.seconds);
  const schedule = (async () => {
    for (let n = 0; n < total; n++) {
      const at = started + (n * 1000) / rate;
      const wait = at - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(write(n));
    }
  })();

  const result = await readers;
  await schedule;
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  const sortedWrites = [...writeLatencies].sort((a, b) => a - b);
  const sortedFresh = [...freshness].sort((a, b) => a - b);
  return {
    rate,
    readsPerSecond: result.requests.average,
    readP50: result.latency.p50,
    readP99: result.latency.p99,
    writesPerSecond: writes / Math.max(elapsed, setup.seconds),
    writeP99: Math.round(percentile(sortedWrites, 0.99)),
    errors: result.non2xx + result.errors + result.timeouts + writeErrors,
    freshnessP50: sortedFresh.length ? Math.round(percentile(sortedFresh, 0.5)) : null,
    freshnessMax: sortedFresh.length ? Math.round(sortedFresh.at(-1) ?? 0) : null,
  };
}

export function mondayTable(rows: readonly MondayRow[], bare: number): string {
  const ms = (v: number | null) => (v === null ? '–' : Number.isFinite(v) ? `${v}` : '> 10,000');
  return [
    '| writes/s asked | reads/s | vs bare route | read p50 (ms) | read p99 (ms) | writes/s done | write p99 (ms) | errors | sent → counted in the panel p50 / max (ms) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.rate} | ${r.readsPerSecond.toFixed(0)} | ${((r.readsPerSecond / (bare || 1)) * 100).toFixed(1)} % | ${r.readP50} | ${r.readP99} | ${r.writesPerSecond.toFixed(1)} | ${r.rate ? r.writeP99 : '–'} | ${r.errors} | ${ms(r.freshnessP50)} / ${ms(r.freshnessMax)} |`,
    ),
  ].join('\n');
}
