import { describe, expect, it } from 'vitest';
import { kpiTrend } from './kpi-trend';

describe('kpiTrend', () => {
  it('is up when achieved reaches the goal, down below it', () => {
    expect(kpiTrend(90, 90)).toBe('up');
    expect(kpiTrend(90, 95.5)).toBe('up');
    expect(kpiTrend(90, 89.99)).toBe('down');
    expect(kpiTrend(0, 0)).toBe('up');
  });

  it('shows nothing unless both values are present', () => {
    expect(kpiTrend(null, 80)).toBeNull();
    expect(kpiTrend(80, null)).toBeNull();
    expect(kpiTrend(null, null)).toBeNull();
  });
});
