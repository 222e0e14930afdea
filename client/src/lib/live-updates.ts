import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { invalidateReportViews } from './query-roots';

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
      // A report was saved, sent, reviewed or commented: the same views a change made here reaches.
      void invalidateReportViews(queryClient);
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
