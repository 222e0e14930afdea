import { describe, expect, it } from 'vitest';
import { formatKilobytes } from './format';

describe('formatKilobytes', () => {
  it('shows kilobytes with one decimal', () => {
    expect(formatKilobytes(12_600)).toBe('12.3 KB');
    expect(formatKilobytes(10 * 1024 * 1024)).toBe('10240.0 KB');
  });

  it('never makes a small file look empty', () => {
    expect(formatKilobytes(31)).toBe('0.1 KB');
    expect(formatKilobytes(0)).toBe('0.0 KB');
  });
});
