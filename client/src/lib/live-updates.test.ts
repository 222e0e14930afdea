import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { burstRefresher } from './live-updates';

describe('live updates', () => {
  let refresh: ReturnType<typeof vi.fn<() => void>>;
  let refresher: ReturnType<typeof burstRefresher>;
  beforeEach(() => {
    vi.useFakeTimers();
    refresh = vi.fn<() => void>();
    refresher = burstRefresher(refresh);
  });
  afterEach(() => vi.useRealTimers());

  it('refresh once per burst, even while events never stop', () => {
    // An event every 50 ms for 3 s, each saying the views settle within a second.
    for (let ms = 0; ms < 3_000; ms += 50) {
      refresher.onEvent(JSON.stringify({ type: 'report.saved', settleMs: 1_000 }));
      vi.advanceTimersByTime(50);
    }
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('wait for the views to settle before refreshing, and no longer', () => {
    refresher.onEvent(JSON.stringify({ type: 'report.sent', settleMs: 1_000 }));
    vi.advanceTimersByTime(1_099);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('coalesce a burst briefly when the views follow every write', () => {
    refresher.onEvent(JSON.stringify({ type: 'report.sent', settleMs: 0 }));
    refresher.onEvent('not json');
    vi.advanceTimersByTime(250);
    expect(refresh).toHaveBeenCalledTimes(1);
    refresher.onEvent('{}');
    refresher.cancel();
    vi.advanceTimersByTime(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
