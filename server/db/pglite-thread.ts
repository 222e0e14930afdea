import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * The embedded database on a worker thread (pglite-worker.mjs), seen from the server's thread as
 * the part of PGlite that Drizzle and the server use: query, exec, transaction, listen, close.
 * PGlite computes on the thread that calls it; on the server's thread a slow query (a cold week,
 * twelve weeks of trends) would stall every other request, those answered from memory included.
 */
export class PgliteThread {
  #worker: Worker;
  #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  /** Why the thread can no longer answer, once it cannot (closed, or died). */
  #failure: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: WorkerMessage) => this.#receive(message));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(new Error(`the embedded database stopped (${code})`)));
  }

  /**
   * Starts the thread on a data folder, or in memory from a snapshot of one (`dumpDataDir`'s
   * bytes), and resolves once the database is open.
   */
  static async open(
    source: { dataDir: string } | { snapshot?: Uint8Array },
  ): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: source,
    });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the embedded database stopped (${code})`));
      const onMessage = (message: WorkerMessage) => {
        if (message.op !== 'ready') return;
        worker.off('error', reject).off('exit', onExit).off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage).once('error', reject).once('exit', onExit);
    });
    return new PgliteThread(worker);
  }

  get closed() {
    return this.#failure !== null;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#call({ op: 'query', sql, params, ...forward(options) }) as Promise<Results<T>>;
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, ...forward(options) }) as Promise<Results[]>;
  }

  /**
   * Runs `callback` inside one transaction, held open on the worker across messages: it commits
   * when the callback resolves and rolls back when it throws or calls `rollback()`.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const { tx: id } = (await this.#call({ op: 'begin' })) as { tx: number };
    let rolledBack = false;
    const tx = {
      query: (sql: string, params?: unknown[], options?: QueryOptions) =>
        this.#call({ op: 'query', tx: id, sql, params, ...forward(options) }),
      exec: (sql: string, options?: QueryOptions) =>
        this.#call({ op: 'exec', tx: id, sql, ...forward(options) }),
      rollback: async () => {
        rolledBack = true;
      },
      get closed() {
        return rolledBack;
      },
    } as unknown as Transaction;
    let value: T;
    try {
      value = await callback(tx);
    } catch (error) {
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw error;
    }
    await this.#call({ op: 'end', tx: id, commit: !rolledBack });
    return value;
  }

  async listen(channel: string, callback: (payload: string) => void) {
    const { subscription } = (await this.#call({ op: 'listen', channel })) as {
      subscription: number;
    };
    this.#listeners.set(subscription, callback);
    return async () => {
      this.#listeners.delete(subscription);
      if (!this.closed) await this.#call({ op: 'unlisten', subscription });
    };
  }

  /** Resolves once every notification the database sent before the call has been delivered. */
  async caughtUp() {
    await this.#call({ op: 'sync' });
  }

  async close() {
    if (this.closed) return;
    await this.#call({ op: 'close' }).catch(() => {});
    this.#fail(new Error('closed'));
    await this.#worker.terminate();
  }

  #call(message: Record<string, unknown>): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #receive(message: WorkerMessage) {
    if (message.op === 'notify') {
      this.#listeners.get(message.subscription)?.(message.payload);
      return;
    }
    if (message.op === 'ready') return;
    const waiting = this.#pending.get(message.id);
    if (!waiting) return;
    this.#pending.delete(message.id);
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(Object.assign(new Error(message.error.message), message.error));
  }

  /**
   * The thread died (out of memory, a WebAssembly abort) or was closed: every waiting and later
   * call fails as a lost connection does, which the server answers as "database unavailable".
   */
  #fail(cause: Error) {
    this.#failure ??= Object.assign(
      new Error('Connection terminated: the embedded database stopped'),
      { code: '08006', cause },
    );
    for (const waiting of this.#pending.values()) waiting.reject(this.#failure);
    this.#pending.clear();
  }
}

type WorkerMessage =
  | { op: 'ready' }
  | { op: 'notify'; subscription: number; payload: string }
  | { op?: undefined; id: number; ok: true; result: unknown }
  | { op?: undefined; id: number; ok: false; error: { message: string } & Record<string, unknown> };

/**
 * What of a query's options can cross the thread: the row mode, and the types Drizzle wants left
 * as text (its parsers for dates and timestamps return their input). Any other parser is refused
 * rather than silently dropped.
 */
function forward(options: QueryOptions | undefined) {
  const rawTypes: number[] = [];
  for (const [type, parser] of Object.entries(options?.parsers ?? {})) {
    if (parser('2026-01-05', Number(type)) !== '2026-01-05')
      throw new Error(`a parser for type ${type} cannot run on the database thread`);
    rawTypes.push(Number(type));
  }
  if (options?.serializers || options?.blob || options?.onNotice || options?.paramTypes)
    throw new Error('these query options cannot cross to the database thread');
  return { rowMode: options?.rowMode, rawTypes };
}
