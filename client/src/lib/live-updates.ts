import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { invalidateReportViews, queryRoots } from './query-roots';

/** Several events in a burst (a bulk mark-as-sent) cause one refetch. */
const COALESCE_MS = 250;
/** Past the time the server says its shared views take to show a change. */
const SETTLE_MARGIN_MS = 100;

/** How long the server says its shared views may take to show the change an event tells of. */
function settleMsOf(data: unknown): number {
  try {
    const { settleMs } = JSON.parse(String(data)) as { settleMs?: unknown };
    return typeof settleMs === 'number' && settleMs > 0 ? Math.min(settleMs, 10_000) : 0;
  } catch {
    return 0;
  }
}

let source: { close(): void } | null = null;
let users = 0;
let connected = false;
let refresher: ReturnType<typeof burstRefresher> | null = null;
const watchers = new Set<() => void>();

function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const watch of watchers) watch();
}

/**
 * What the events of a burst do: one `refresh` at the first event's time plus the time the server
 * says its views take to show the change. While events keep coming (a Monday morning), the screens
 * still refresh once per burst, rather than waiting for a quiet moment that never comes.
 */
export function burstRefresher(refresh: () => void) {
  let pending: ReturnType<typeof setTimeout> | undefined;
  return {
    onEvent(data: unknown) {
      if (pending !== undefined) return;
      pending = setTimeout(
        () => {
          pending = undefined;
          refresh();
        },
        Math.max(COALESCE_MS, settleMsOf(data) + SETTLE_MARGIN_MS),
      );
    },
    cancel() {
      clearTimeout(pending);
      pending = undefined;
    },
  };
}

/** EventSource.CLOSED: the state once it has given up (Node, where the tests run, has no class). */
const CLOSED = 2;
/** After the browser gave up on the stream, it is opened again after this, plus up to as much. */
export const REOPEN_MS = 10_000;

/**
 * An event stream that stays open for as long as someone listens. The browser reconnects by itself
 * after a stream ends (an instance stopping tells it to come back within seconds, to another
 * instance), but gives up for good on an answer that is not a stream (a 503 from an instance that
 * is stopping or full): then it is opened again after a while. `onOpen` hears whether events may
 * have been missed while it was away, `onDown` that it is away.
 */
export function keepOpen(
  create: () => EventSource,
  hooks: { onOpen(missed: boolean): void; onDown(): void },
): { close(): void } {
  let stream: EventSource;
  let away = false;
  let closed = false;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  const connect = () => {
    const next = create();
    stream = next;
    next.onopen = () => {
      hooks.onOpen(away);
      away = false;
    };
    next.onerror = () => {
      away = true;
      hooks.onDown();
      if (next.readyState !== CLOSED || closed) return;
      clearTimeout(reopen);
      reopen = setTimeout(connect, REOPEN_MS + Math.random() * REOPEN_MS);
    };
  };
  connect();
  return {
    close() {
      closed = true;
      clearTimeout(reopen);
      stream.close();
    },
  };
}

function open(queryClient: QueryClient) {
  // A report was saved, sent, reviewed or commented: the same views a change made here reaches.
  const current = burstRefresher(() => void invalidateReportViews(queryClient));
  refresher = current;
  // Something new for the signed-in person: the bell asks what.
  const bell = () => void queryClient.invalidateQueries({ queryKey: queryRoots.notifications });
  source = keepOpen(
    () => {
      const stream = new EventSource('/api/events');
      stream.addEventListener('appa', (event: MessageEvent) => current.onEvent(event.data));
      stream.addEventListener('notification', bell);
      return stream;
    },
    {
      onOpen(missed) {
        setConnected(true);
        // What was said while the stream was away was not heard: what the screens show is
        // fetched again, once.
        if (missed) {
          current.onEvent(null);
          bell();
        }
      },
      // Until it is back, the screens poll again.
      onDown: () => setConnected(false),
    },
  );
}

/**
 * Listens to GET /api/events (one connection however many screens use it) and refetches what a
 * report change makes stale. Answers whether the channel is open, so polling can stop meanwhile.
 */
export function useLiveUpdates(): boolean {
  const queryClient = useQueryClient();
  useEffect(() => {
    users += 1;
    if (!source && typeof EventSource !== 'undefined') open(queryClient);
    return () => {
      users -= 1;
      if (users === 0) {
        source?.close();
        source = null;
        refresher?.cancel();
        refresher = null;
        setConnected(false);
      }
    };
  }, [queryClient]);
  return useSyncExternalStore(
    (watch) => {
      watchers.add(watch);
      return () => watchers.delete(watch);
    },
    () => connected,
  );
}
