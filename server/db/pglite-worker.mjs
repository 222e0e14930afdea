// The embedded database on a thread of its own. PGlite runs PostgreSQL compiled to WebAssembly on
// whichever thread calls it, so a slow query on the server's thread stalls every request, even those
// answered from memory. Here it answers the messages of `PgliteThread` (pglite-thread.ts): queries,
// transactions held open across messages, LISTEN, and closing.
//
// Plain JavaScript so that the same file runs from the sources and from the bundle, with no build.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

if (!parentPort) throw new Error('pglite-worker.mjs runs only as a worker thread');
const port = parentPort;

/** In a folder, or in memory (from a snapshot of a data folder, for tests). */
const db = workerData.dataDir
  ? await PGlite.create(workerData.dataDir)
  : await PGlite.create(
      workerData.snapshot ? { loadDataDir: new Blob([workerData.snapshot]) } : {},
    );

/** Open transactions by id: the PGlite transaction, how to end it (true commits), and its end. */
const transactions = new Map();
/** LISTEN subscriptions by id: how to stop each. */
const subscriptions = new Map();
let nextId = 1;

/**
 * A database error crosses the thread as its own fields (code, detail, constraint...), which the
 * callers read; a structured clone would keep only the message.
 */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = typeof value === 'object' && value !== null ? String(value) : value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/**
 * Drizzle asks for some types (dates, timestamps, intervals and their arrays) as the text the
 * database sent: the calling thread names those types, and they are kept as text here.
 */
function options(message) {
  const parsers = {};
  for (const type of message.rawTypes ?? []) parsers[type] = (value) => value;
  return { rowMode: message.rowMode, parsers };
}

/** Where a statement runs: inside its open transaction, or on the database. */
function target(message) {
  if (message.tx === undefined) return db;
  const open = transactions.get(message.tx);
  if (!open) throw new Error('the transaction has already ended');
  return open.tx;
}

/** Opens a transaction and holds it open until its 'end' message arrives. */
async function begin() {
  const id = nextId++;
  const open = { tx: null, end: null, done: null };
  const ended = new Promise((resolve) => (open.end = resolve));
  let started;
  const opened = new Promise((resolve, reject) => (started = { resolve, reject }));
  // PGlite holds its own lock for the whole transaction: statements outside it wait, as they
  // would behind a transaction on one connection in-process.
  open.done = db.transaction(async (tx) => {
    open.tx = tx;
    transactions.set(id, open);
    started.resolve();
    const commit = await ended;
    if (!commit && !tx.closed) await tx.rollback();
  });
  open.done.catch(started.reject).finally(() => transactions.delete(id));
  await opened;
  return { tx: id };
}

async function handle(message) {
  switch (message.op) {
    case 'query':
      return target(message).query(message.sql, message.params, options(message));
    case 'exec':
      return target(message).exec(message.sql, options(message));
    case 'begin':
      return begin();
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error('the transaction has already ended');
      open.end(message.commit);
      // A failed COMMIT (a deferred constraint) answers this message.
      await open.done;
      return null;
    }
    case 'listen': {
      const id = nextId++;
      const stop = await db.listen(message.channel, (payload) =>
        port.postMessage({ op: 'notify', subscription: id, payload }),
      );
      subscriptions.set(id, stop);
      return { subscription: id };
    }
    case 'unlisten': {
      const stop = subscriptions.get(message.subscription);
      subscriptions.delete(message.subscription);
      if (stop && !db.closed) await stop();
      return null;
    }
    case 'sync':
      // Answered after every notification sent so far has been posted (listeners run as PGlite
      // reads the answers that carry them, or soon after): messages arrive in order.
      await new Promise((resolve) => setImmediate(resolve));
      return null;
    case 'close':
      if (!db.closed) await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

port.on('message', (message) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, ok: true, result }),
    (error) => port.postMessage({ id: message.id, ok: false, error: plainError(error) }),
  );
});
port.postMessage({ op: 'ready' });
