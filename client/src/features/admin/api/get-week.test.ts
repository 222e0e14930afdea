import { describe, expect, it } from 'vitest';
import { POLL_MS, weekQueryOptions } from './get-week';

describe('weekQueryOptions', () => {
  it('polls every 5 s without the live channel, and stops polling while it is open', () => {
    expect(weekQueryOptions('2026-11-16').refetchInterval).toBe(POLL_MS);
    expect(weekQueryOptions('2026-11-16', false).refetchInterval).toBe(5000);
    expect(weekQueryOptions('2026-11-16', true).refetchInterval).toBe(false);
    // Refetch on focus stays either way (spec 2 §7).
    expect(weekQueryOptions('2026-11-16', true).refetchOnWindowFocus).toBe(true);
  });
});
