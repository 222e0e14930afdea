import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@common/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The store is module state: each test gets a fresh copy.
async function freshStore() {
  vi.resetModules();
  return import('./use-toast');
}

afterEach(() => vi.useRealTimers());

describe('toast store', () => {
  it(`keeps at most ${TOAST_LIMIT} notice, the newest`, async () => {
    const { toast, getToasts } = await freshStore();
    toast({ title: 'Primera' });
    const second = toast({ title: 'Segunda', variant: 'destructive' });
    expect(getToasts()).toHaveLength(TOAST_LIMIT);
    expect(getToasts()[0]).toMatchObject({ id: second.id, title: 'Segunda', open: true });
  });

  it('closes a dismissed notice at once and removes it after the removal delay', async () => {
    vi.useFakeTimers();
    const { toast, getToasts } = await freshStore();
    const shown = toast({ title: 'Hola' });
    shown.dismiss();
    expect(getToasts()).toMatchObject([{ id: shown.id, open: false }]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });
});
