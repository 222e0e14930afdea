import { describe, expect, it } from 'vitest';
import { decimal, percent } from './percent';

describe('percent', () => {
  it('writes a decimal comma and a space before the sign', () => {
    expect(percent(95.5)).toBe('95,5 %');
    expect(percent(80)).toBe('80 %');
    expect(percent(33.333)).toBe('33,33 %');
  });

  it('writes a dash when there is no value', () => {
    expect(percent(null)).toBe('—');
    expect(percent(undefined)).toBe('—');
  });
});

describe('decimal', () => {
  it('rounds to the digits asked for, with a decimal comma', () => {
    expect(decimal(1.25, 1)).toBe('1,3');
    expect(decimal(2)).toBe('2');
  });
});
