import { describe, expect, it } from 'vitest';
import { clockText } from './live-clock';

describe('clockText', () => {
  it("reads the organisation's time zone on a 24-hour clock, with seconds", () => {
    expect(clockText(new Date('2026-03-01T19:05:09.000Z'), 'America/Lima')).toBe(
      'domingo, 01/03/2026 14:05:09',
    );
  });
});
