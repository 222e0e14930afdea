import { describe, expect, it } from 'vitest';
import { filesPerSent } from './week-summary';

describe('filesPerSent', () => {
  it('divides files by sent reports, 0 when none was sent', () => {
    expect(filesPerSent(5, 2)).toBe('2,5');
    expect(filesPerSent(3, 0)).toBe('0');
  });
});
