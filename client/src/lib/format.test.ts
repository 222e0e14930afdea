import { describe, expect, it } from 'vitest';
import { formatDateTime, formatKilobytes } from './format';

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

describe('formatDateTime', () => {
  it("reads the instant in the person's timezone", () => {
    expect(formatDateTime('2025-06-03T15:04:00.000Z', 'America/Lima')).toBe('03/06/2025 10:04');
    expect(formatDateTime('2025-06-03T03:30:00.000Z', 'America/Lima')).toBe('02/06/2025 22:30');
    expect(formatDateTime('2025-06-03T00:05:00.000Z', 'UTC')).toBe('03/06/2025 00:05');
  });

  it('falls back to the browser time zone for one it does not know', () => {
    expect(formatDateTime('2025-06-03T15:04:00.000Z', 'Marte/Olympus')).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
  });
});
