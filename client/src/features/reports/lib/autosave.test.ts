import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosaver, type AutosaveState, type SaveFailure } from './autosave';

class Failure extends Error {
  constructor(readonly failure: SaveFailure) {
    super(failure);
  }
}

/** A server that answers each save when the test says so. */
function setup(saved = '') {
  const calls: { text: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  const states: AutosaveState[] = [];
  const reached: string[] = [];
  const autosaver = new Autosaver<string>(saved, {
    save: (text) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ text, resolve, reject });
      }),
    classify: (error) => ({
      failure: error instanceof Failure ? error.failure : 'failed',
      message: 'Falla',
    }),
    same: (a, b) => a === b,
    onState: (state) => states.push(state),
    onSaved: (text) => reached.push(text),
    delayMs: 3000,
    now: () => Date.UTC(2025, 4, 12, 14, 41),
  });
  const last = () => states.at(-1)?.status;
  /** Lets the save's answer reach the autosaver. */
  const settle = () => vi.advanceTimersByTimeAsync(0);
  return { autosaver, calls, states, reached, last, settle };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Autosaver', () => {
  it('saves once, about 3 s after typing stops, and says when', async () => {
    const { autosaver, calls, states, reached, last, settle } = setup();
    autosaver.update('H');
    await vi.advanceTimersByTimeAsync(2000);
    autosaver.update('Ho');
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(0);
    expect(last()).toBe('pending');
    expect(autosaver.dirty).toBe(true);

    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.text)).toEqual(['Ho']);
    expect(last()).toBe('saving');
    calls[0]?.resolve();
    await settle();
    expect(states.at(-1)).toEqual({ status: 'saved', at: Date.UTC(2025, 4, 12, 14, 41) });
    expect(reached).toEqual(['Ho']);
    expect(autosaver.dirty).toBe(false);
  });

  it('sends nothing when the text is back to what the server has', async () => {
    const { autosaver, calls, last } = setup('Hola');
    autosaver.update('Hola!');
    autosaver.update('Hola');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(0);
    expect(last()).toBe('idle');
    expect(autosaver.dirty).toBe(false);
  });

  it('keeps one save at a time, and the latest text wins', async () => {
    const { autosaver, calls, settle, reached } = setup();
    autosaver.update('uno');
    await vi.advanceTimersByTimeAsync(3000);
    autosaver.update('uno dos');
    await vi.advanceTimersByTimeAsync(3000);
    autosaver.update('uno dos tres');
    await vi.advanceTimersByTimeAsync(3000);
    // The first is still on its way: nothing else was sent meanwhile.
    expect(calls.map((c) => c.text)).toEqual(['uno']);

    calls[0]?.resolve();
    await settle();
    expect(calls.map((c) => c.text)).toEqual(['uno', 'uno dos tres']);
    calls[1]?.resolve();
    await settle();
    expect(reached).toEqual(['uno', 'uno dos tres']);
    expect(autosaver.dirty).toBe(false);
  });

  it('offline, says so and saves when the browser is back online', async () => {
    const { autosaver, calls, settle, last } = setup();
    autosaver.update('sin red');
    await vi.advanceTimersByTimeAsync(3000);
    calls[0]?.reject(new Failure('offline'));
    await settle();
    expect(last()).toBe('offline');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);

    autosaver.online();
    await settle();
    expect(calls.map((c) => c.text)).toEqual(['sin red', 'sin red']);
    calls[1]?.resolve();
    await settle();
    expect(last()).toBe('saved');
  });

  it('offline, tries again at the next change and keeps saying it is offline meanwhile', async () => {
    const { autosaver, calls, settle, last } = setup();
    autosaver.update('a');
    await vi.advanceTimersByTimeAsync(3000);
    calls[0]?.reject(new Failure('offline'));
    await settle();
    autosaver.update('ab');
    expect(last()).toBe('offline');
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls.map((c) => c.text)).toEqual(['a', 'ab']);
  });

  it('after a 401 waits for the person to sign in, then saves what waited', async () => {
    const { autosaver, calls, settle, last } = setup();
    autosaver.update('texto');
    await vi.advanceTimersByTimeAsync(3000);
    calls[0]?.reject(new Failure('session'));
    await settle();
    expect(last()).toBe('session');
    autosaver.update('texto largo');
    autosaver.online();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(last()).toBe('session');

    autosaver.resume();
    await settle();
    expect(calls.map((c) => c.text)).toEqual(['texto', 'texto largo']);
  });

  it('a report sent elsewhere stops it for good', async () => {
    const { autosaver, calls, settle, last } = setup();
    autosaver.update('x');
    await vi.advanceTimersByTimeAsync(3000);
    calls[0]?.reject(new Failure('sent'));
    await settle();
    autosaver.update('xy');
    autosaver.online();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(last()).toBe('sent');
  });

  it('holds while an explicit save runs: it waits for the save on its way, then sends nothing', async () => {
    const { autosaver, calls, settle, last } = setup();
    autosaver.update('borrador');
    await vi.advanceTimersByTimeAsync(3000);
    let held = false;
    const hold = autosaver.hold().then(() => (held = true));
    autosaver.update('borrador final');
    await settle();
    expect(held).toBe(false);
    calls[0]?.resolve();
    await hold;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);

    autosaver.markSaved('borrador final');
    expect(last()).toBe('saved');
    expect(autosaver.dirty).toBe(false);
  });

  it('after a hold is released, saves what changed meanwhile', async () => {
    const { autosaver, calls } = setup();
    await autosaver.hold();
    autosaver.update('tras la decisión');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(0);
    autosaver.release();
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls.map((c) => c.text)).toEqual(['tras la decisión']);
  });

  it('flush saves at once, without waiting for the pause', async () => {
    const { autosaver, calls } = setup();
    autosaver.update('ya');
    void autosaver.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.text)).toEqual(['ya']);
  });

  it('another failure says so and tries again with the next change', async () => {
    const { autosaver, calls, settle, states } = setup();
    autosaver.update('a');
    await vi.advanceTimersByTimeAsync(3000);
    calls[0]?.reject(new Error('500'));
    await settle();
    expect(states.at(-1)).toEqual({ status: 'failed', message: 'Falla' });
    autosaver.update('ab');
    expect(states.at(-1)).toEqual({ status: 'pending' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls.map((c) => c.text)).toEqual(['a', 'ab']);
  });
});
