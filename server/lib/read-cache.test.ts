import { describe, expect, it } from 'vitest';
import { createReadCache, decodeWritten, encodeWritten, type Written } from './read-cache';

function setup() {
  let now = new Date('2026-11-16T10:00:00Z').getTime();
  const cache = createReadCache({ clock: () => new Date(now), windowMs: 60_000 });
  let computed = 0;
  const compute = async () => {
    computed += 1;
    return JSON.stringify({ n: computed });
  };
  return {
    cache,
    compute,
    computed: () => computed,
    advance: (ms: number) => (now += ms),
  };
}

const text = (entry: { body: Buffer }) => entry.body.toString('utf8');

describe('read cache', () => {
  it('computes once for everyone who asks at the same time, and keeps the answer', async () => {
    const { cache, compute, computed } = setup();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => cache.get('k', compute)));
    expect(computed()).toBe(1);
    expect(new Set(answers.map(text))).toEqual(new Set(['{"n":1}']));
    expect(text(await cache.get('k', compute))).toBe('{"n":1}');
    expect(computed()).toBe(1);
  });

  it('keeps each key apart', async () => {
    const { cache, compute } = setup();
    expect(text(await cache.get('a', compute))).toBe('{"n":1}');
    expect(text(await cache.get('b', compute))).toBe('{"n":2}');
    expect(text(await cache.get('a', compute))).toBe('{"n":1}');
  });

  it('computes again after a write', async () => {
    const { cache, compute } = setup();
    await cache.get('k', compute);
    cache.invalidate();
    expect(text(await cache.get('k', compute))).toBe('{"n":2}');
  });

  it('does not keep an answer whose computation began before a write', async () => {
    const { cache } = setup();
    let release: (value: string) => void = () => undefined;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate();
    release('"before"');
    // Whoever asked before the write gets what was true when they asked…
    expect(text(await slow)).toBe('"before"');
    // …and whoever asks after it gets a new answer.
    expect(text(await cache.get('k', async () => '"after"'))).toBe('"after"');
  });

  it('computes again when its window of time ends, without any write', async () => {
    const { cache, compute, advance } = setup();
    await cache.get('k', compute);
    advance(30_000);
    expect(text(await cache.get('k', compute))).toBe('{"n":1}');
    advance(30_000);
    expect(text(await cache.get('k', compute))).toBe('{"n":2}');
  });

  it('keeps no failure: the next caller computes again', async () => {
    const { cache, compute } = setup();
    await expect(
      cache.get('k', async () => {
        throw new Error('base de datos caída');
      }),
    ).rejects.toThrow('base de datos caída');
    expect(text(await cache.get('k', compute))).toBe('{"n":1}');
  });

  it('gives the same validator to the same bytes, and another to other bytes', async () => {
    const { cache } = setup();
    const first = await cache.get('k', async () => '{"a":1}');
    cache.invalidate();
    const same = await cache.get('k', async () => '{"a":1}');
    cache.invalidate();
    const other = await cache.get('k', async () => '{"a":2}');
    expect(same.etag).toBe(first.etag);
    expect(other.etag).not.toBe(first.etag);
  });

  it('forgets the least recently used answers beyond its memory', async () => {
    let computed = 0;
    const cache = createReadCache({ clock: () => new Date(0), maxBytes: 2_000 });
    const big = async () => {
      computed += 1;
      return 'x'.repeat(800);
    };
    await cache.get('a', big);
    await cache.get('b', big);
    await cache.get('c', big);
    expect(computed).toBe(3);
    await cache.get('c', big);
    expect(computed).toBe(3);
    await cache.get('a', big);
    expect(computed).toBe(4);
  });

  it('a change to reports leaves what depends on people only, and recomputes the rest', async () => {
    const { cache } = setup();
    let sessions = 0;
    let answers = 0;
    const session = () =>
      cache.value(
        'session',
        async () => ++sessions,
        () => 1,
        'people',
      );
    const answer = () =>
      cache.value(
        'week',
        async () => ++answers,
        () => 1,
      );
    await session();
    await answer();
    cache.invalidate({ reports: 'author-week' });
    expect(await session()).toBe(1);
    expect(await answer()).toBe(2);
    cache.invalidate('everything');
    expect(await session()).toBe(2);
    expect(await answer()).toBe(3);
    // Without a word, a write changed everything.
    cache.invalidate();
    expect(await session()).toBe(3);
    // People and settings reach sessions too.
    cache.invalidate('people');
    expect(await session()).toBe(4);
    cache.invalidate('settings');
    expect(await session()).toBe(5);
    expect(await answer()).toBe(4);
  });

  it('tells other instances what a write changed, and reads anything else as everything', () => {
    const writes: Written[] = [{ reports: 'author-week' }, 'people', 'settings', 'everything'];
    for (const written of writes) expect(decodeWritten(encodeWritten(written))).toEqual(written);
    expect(encodeWritten({ reports: 'author-week' })).toBe('reports:author-week');
    for (const unknown of ['', 'reports', 'reports:all', 'users']) {
      expect(decodeWritten(unknown)).toBe('everything');
    }
  });
});
