import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { burstRefresher, keepOpen, REOPEN_MS } from './live-updates';

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

/** What the browser's EventSource does that `keepOpen` relies on. */
class FakeStream {
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  opened() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** The stream ended: the browser will reconnect by itself. */
  ended() {
    this.readyState = 0;
    this.onerror?.();
  }
  /** An answer that is not a stream (a 503): the browser gives up. */
  refused() {
    this.readyState = 2;
    this.onerror?.();
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

describe('the live stream', () => {
  let streams: FakeStream[];
  let hooks: {
    onOpen: ReturnType<typeof vi.fn<(missed: boolean) => void>>;
    onDown: ReturnType<typeof vi.fn<() => void>>;
  };
  const open = () =>
    keepOpen(() => {
      const stream = new FakeStream();
      streams.push(stream);
      return stream as unknown as EventSource;
    }, hooks);
  beforeEach(() => {
    vi.useFakeTimers();
    streams = [];
    hooks = { onOpen: vi.fn<(missed: boolean) => void>(), onDown: vi.fn<() => void>() };
  });
  afterEach(() => vi.useRealTimers());

  it('says what was missed when it comes back after a stream ended, not on its first open', () => {
    open();
    streams[0]?.opened();
    expect(hooks.onOpen).toHaveBeenLastCalledWith(false);
    // A server stopping ended the stream; the browser connects again by itself.
    streams[0]?.ended();
    expect(hooks.onDown).toHaveBeenCalledTimes(1);
    streams[0]?.opened();
    expect(hooks.onOpen).toHaveBeenLastCalledWith(true);
    expect(streams).toHaveLength(1);
  });

  it('opens the stream again after the browser gave up on it, until closed', () => {
    const live = open();
    streams[0]?.opened();
    streams[0]?.refused();
    vi.advanceTimersByTime(REOPEN_MS * 2);
    expect(streams).toHaveLength(2);
    streams[1]?.opened();
    expect(hooks.onOpen).toHaveBeenLastCalledWith(true);

    streams[1]?.refused();
    live.close();
    vi.advanceTimersByTime(REOPEN_MS * 2);
    expect(streams).toHaveLength(2);
    expect(streams[1]?.closed).toBe(true);
  });
});
