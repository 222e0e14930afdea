import { describe, expect, it } from 'vitest';
import {
  clearLocalCopy,
  localCopyKey,
  readLocalCopy,
  sameSnapshot,
  writeLocalCopy,
  type CopyStorage,
  type LocalCopy,
} from './local-copy';
import { formValuesFrom } from './report-form';

function memoryStorage(): CopyStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const FILE = { objectKey: 'uploads/1', fileName: 'acta.txt', sizeBytes: 1200 };
const COPY: LocalCopy = {
  values: { ...formValuesFrom(null), avances: 'Terminé la migración', kpiMetaPct: '90' },
  files: [FILE],
  at: 1_747_060_860_000,
  base: '2025-05-12T14:00:00.000Z',
};

describe('the local copy of unsaved text', () => {
  it('is kept per person and week, and read back as written', () => {
    const storage = memoryStorage();
    const key = localCopyKey('user-1', '2025-05-12');
    writeLocalCopy(storage, key, COPY);
    expect(readLocalCopy(storage, key)).toEqual(COPY);
    expect(readLocalCopy(storage, localCopyKey('user-2', '2025-05-12'))).toBeNull();
    expect(readLocalCopy(storage, localCopyKey('user-1', '2025-05-19'))).toBeNull();

    clearLocalCopy(storage, key);
    expect(readLocalCopy(storage, key)).toBeNull();
  });

  it('ignores what is not a copy: damaged, or written by another version', () => {
    const storage = memoryStorage();
    const key = localCopyKey('user-1', '2025-05-12');
    for (const stored of [
      '{not json',
      JSON.stringify({ ...COPY, values: { avances: 'solo uno' } }),
      JSON.stringify({ ...COPY, files: [{ objectKey: 1 }] }),
      JSON.stringify({ ...COPY, at: 'ayer' }),
      'null',
    ]) {
      storage.items.set(key, stored);
      expect(readLocalCopy(storage, key), stored).toBeNull();
    }
  });

  it('never throws when the browser refuses its storage', () => {
    const refusing: CopyStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const key = localCopyKey('user-1', '2025-05-12');
    expect(() => writeLocalCopy(refusing, key, COPY)).not.toThrow();
    expect(readLocalCopy(refusing, key)).toBeNull();
    expect(() => clearLocalCopy(refusing, key)).not.toThrow();
  });

  it('compares what the server would store: the texts, the KPI and which files', () => {
    const a = { values: COPY.values, files: [FILE] };
    expect(sameSnapshot(a, { values: { ...COPY.values }, files: [{ ...FILE }] })).toBe(true);
    expect(sameSnapshot(a, { values: { ...COPY.values, ayuda: 'x' }, files: [FILE] })).toBe(false);
    expect(sameSnapshot(a, { values: COPY.values, files: [] })).toBe(false);
    expect(
      sameSnapshot(a, { values: COPY.values, files: [{ ...FILE, objectKey: 'uploads/2' }] }),
    ).toBe(false);
  });
});
