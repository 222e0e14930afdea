import { describe, expect, it } from 'vitest';
import { toSearchParams } from './search-params';

describe('toSearchParams', () => {
  it('encodes the values given and leaves out undefined and empty ones', () => {
    expect(toSearchParams({ weekStart: '2026-11-16', q: 'Peña & co', team: '', page: 2 })).toBe(
      'weekStart=2026-11-16&q=Pe%C3%B1a+%26+co&page=2',
    );
    expect(toSearchParams({ q: undefined })).toBe('');
  });
});
