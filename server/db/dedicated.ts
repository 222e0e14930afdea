import pg from 'pg';

/** Connecting gives up after this, so a server that does not answer is tried again. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How often a dedicated connection is asked a trivial question, and how long an answer may take
 * before the connection is taken for lost: a connection cut without a word (a firewall or a
 * failover dropping it silently) would otherwise look alive while hearing nothing or holding
 * nothing.
 */
const HEARTBEAT_MS = 1_000;
const HEARTBEAT_STALL_MS = 3_000;

/**
 * A connection of its own, outside the pool, for a session that must last (LISTEN, a lock held
 * while the process runs), set up by `setUp` before it is answered. Once set up, `lost` runs when
 * it drops (ended, failed, or silent past HEARTBEAT_STALL_MS: a dropped connection must not crash
 * the process); a connection that fails before is closed and the failure thrown.
 */
async function openDedicated(
  url: string,
  applicationName: string,
  setUp: (client: pg.Client) => Promise<void>,
  lost: () => void,
): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: url,
    application_name: applicationName,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  let ready = false;
  let gone = false;
  // Started once set up; stopped with the connection.
  const heartbeat: { timer?: NodeJS.Timeout } = {};
  const drop = () => {
    if (gone) return;
    gone = true;
    clearInterval(heartbeat.timer);
    void client.end().catch(() => {});
    if (ready) lost();
  };
  client.on('error', drop);
  client.on('end', drop);
  try {
    await client.connect();
    await setUp(client);
  } catch (error) {
    drop();
    throw error;
  }
  if (gone) throw new Error('connection lost while it was set up');
  ready = true;
  // When the question still unanswered was asked, or null when none is.
  let askedAt: number | null = null;
  heartbeat.timer = setInterval(() => {
    if (askedAt === null) {
      askedAt = Date.now();
      client.query('select 1').then(
        () => (askedAt = null),
        () => {},
      );
    } else if (Date.now() - askedAt > HEARTBEAT_STALL_MS) {
      // pg's own end() waits for a reply that will not come: the socket is dropped instead.
      (
        client as unknown as { connection?: { stream?: { destroy(): void } } }
      ).connection?.stream?.destroy();
      drop();
    }
  }, HEARTBEAT_MS);
  heartbeat.timer.unref();
  return client;
}

/** A dedicated connection kept open for as long as the process wants it. */
export interface KeptConnection {
  /** The connection while it is up; null while it is being opened again. */
  current(): pg.Client | null;
  /** Since when it has been down, or null while it is up. */
  downSince(): Date | null;
  /** Closes it and stops opening it again. */
  stop(): Promise<void>;
}

/**
 * A dedicated connection (`openDedicated`) opened now, and opened again whenever it drops or an
 * attempt fails, for as long as it takes, until stopped. The first attempt's failure is thrown.
 */
export async function keepDedicated(
  url: string,
  applicationName: string,
  setUp: (client: pg.Client) => Promise<void>,
  retry: {
    /** How long to wait before the next attempt, after `failures` in a row since it was last up. */
    wait(failures: number): number;
    /** An attempt to open it again failed (not the first one, which is thrown). */
    failed?(error: unknown): void;
    /** It is up again after having been down. */
    resumed?(): void;
  },
): Promise<KeptConnection> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let down: Date | null = null;

  const again = () => {
    if (stopped) return;
    down ??= new Date();
    const wait = retry.wait(failures);
    failures += 1;
    clearTimeout(timer);
    timer = setTimeout(() => {
      open().catch((error: unknown) => {
        retry.failed?.(error);
        again();
      });
    }, wait);
    // Waiting to reconnect is no reason to keep the process alive.
    timer.unref();
  };
  const open = async () => {
    const next = await openDedicated(url, applicationName, setUp, () => {
      if (client !== next) return;
      client = null;
      again();
    });
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    failures = 0;
    if (down) {
      down = null;
      retry.resumed?.();
    }
  };

  await open();
  return {
    current: () => client,
    downSince: () => down,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
