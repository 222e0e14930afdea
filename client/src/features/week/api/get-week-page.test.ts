import { describe, expect, it } from 'vitest';
import { POLL_MS, watchedWeekPageQueryOptions, weekPageQueryOptions } from './get-week-page';

const query = { weekStart: '2026-11-16', status: 'enviados' } as const;

describe('watchedWeekPageQueryOptions', () => {
  it('polls every 5 s without the live channel, and stops polling while it is open', () => {
    expect(watchedWeekPageQueryOptions(query).refetchInterval).toBe(POLL_MS);
    expect(watchedWeekPageQueryOptions(query, false).refetchInterval).toBe(5000);
    expect(watchedWeekPageQueryOptions(query, true).refetchInterval).toBe(false);
    // Refetch on focus and on mount stay either way.
    expect(watchedWeekPageQueryOptions(query, true).refetchOnWindowFocus).toBe(true);
    expect(watchedWeekPageQueryOptions(query, true).refetchOnMount).toBe('always');
  });

  it('reads the same cache entry as the dashboards and the control pages', () => {
    expect(watchedWeekPageQueryOptions(query, true).queryKey).toEqual(
      weekPageQueryOptions(query).queryKey,
    );
  });
});
