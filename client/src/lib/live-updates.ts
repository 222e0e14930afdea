import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { dashboardKeys, panelKeys, shareKeys } from './query-keys';

/** What a live event makes stale: the reports the panel and the dashboards show. */
const LIVE_KEYS = [panelKeys.all, dashboardKeys.all, shareKeys.all] as const;
/** Several events in a burst (a bulk mark-as-sent) cause one refetch. */
const COALESCE_MS = 250;

let source: EventSource | null = null;
let users = 0;
let connected = false;
let pending: ReturnType<typeof setTimeout> | undefined;
const watchers = new Set<() => void>();

function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const watch of watchers) watch();
}

function open(queryClient: QueryClient) {
  source = new EventSource('/api/events');
  source.onopen = () => setConnected(true);
  // The browser reconnects by itself; until it does, the screens poll again.
  source.onerror = () => setConnected(false);
  source.addEventListener('appa', () => {
    clearTimeout(pending);
    pending = setTimeout(() => {
      for (const queryKey of LIVE_KEYS) void queryClient.invalidateQueries({ queryKey });
    }, COALESCE_MS);
  });
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
        clearTimeout(pending);
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
