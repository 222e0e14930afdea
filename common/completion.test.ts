import { describe, expect, it } from 'vitest';
import { completionRate } from './completion';

describe('completionRate', () => {
  it('rounds sent / total × 100', () => {
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(1, 3)).toBe(33);
    expect(completionRate(1, 8)).toBe(13);
    expect(completionRate(5, 5)).toBe(100);
  });

  it('is 0 when nobody is expected', () => {
    expect(completionRate(0, 0)).toBe(0);
  });
});
