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

let source: EventSource | null = null;
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

function open(queryClient: QueryClient) {
  source = new EventSource('/api/events');
  source.onopen = () => setConnected(true);
  // The browser reconnects by itself; until it does, the screens poll again.
  source.onerror = () => setConnected(false);
  // A report was saved, sent, reviewed or commented: the same views a change made here reaches.
  const current = burstRefresher(() => void invalidateReportViews(queryClient));
  refresher = current;
  source.addEventListener('appa', (event: MessageEvent) => current.onEvent(event.data));
  // Something new for the signed-in person: the bell asks what.
  source.addEventListener(
    'notification',
    () => void queryClient.invalidateQueries({ queryKey: queryRoots.notifications }),
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
