import { describe, expect, it } from 'vitest';
import { isMonday, recentWeeks, weekFromStart, weekLabel, weekOf } from './week';

describe('weekOf', () => {
  it('is Monday to Sunday in the given timezone', () => {
    // Monday 2026-11-16 03:00 UTC is still Sunday 22:00 in Lima.
    const instant = new Date('2026-11-16T03:00:00Z');
    expect(weekOf(instant, 'America/Lima')).toEqual({
      weekStart: '2026-11-09',
      weekEnd: '2026-11-15',
    });
    expect(weekOf(instant, 'UTC')).toEqual({ weekStart: '2026-11-16', weekEnd: '2026-11-22' });
  });

  it('keeps a Sunday evening in the week that started the Monday before', () => {
    expect(weekOf(new Date('2026-11-22T23:30:00-05:00'), 'America/Lima').weekStart).toBe(
      '2026-11-16',
    );
  });
});

describe('recentWeeks and weekLabel', () => {
  it('lists the current week and the three before it, newest first', () => {
    const weeks = recentWeeks(new Date('2026-11-20T12:00:00Z'), 'America/Lima', 4);
    expect(weeks.map((w) => w.weekStart)).toEqual([
      '2026-11-16',
      '2026-11-09',
      '2026-11-02',
      '2026-10-26',
    ]);
    expect(weekLabel(weeks[0] ?? { weekStart: '', weekEnd: '' })).toBe(
      'Semana 47 (del 16/11/2026 al 22/11/2026)',
    );
  });

  it('recognises Mondays', () => {
    expect(isMonday('2026-11-16')).toBe(true);
    expect(isMonday('2026-11-17')).toBe(false);
    expect(isMonday('16/11/2026')).toBe(false);
  });
});

describe('weekLabel at the turn of the year', () => {
  it('numbers weeks as ISO 8601 does (the week of the Thursday)', () => {
    expect(weekLabel({ weekStart: '2020-12-28', weekEnd: '2021-01-03' })).toBe(
      'Semana 53 (del 28/12/2020 al 03/01/2021)',
    );
    expect(weekLabel({ weekStart: '2024-12-30', weekEnd: '2025-01-05' })).toBe(
      'Semana 1 (del 30/12/2024 al 05/01/2025)',
    );
    expect(weekLabel({ weekStart: '2026-01-05', weekEnd: '2026-01-11' })).toBe(
      'Semana 2 (del 05/01/2026 al 11/01/2026)',
    );
  });
});

describe('weeks asked for again', () => {
  it('change at the local midnight that starts a Monday, however often asked', () => {
    for (let i = 0; i < 3; i++) {
      expect(weekOf(new Date('2026-11-16T04:59:59Z'), 'America/Lima').weekStart).toBe('2026-11-09');
      expect(weekOf(new Date('2026-11-16T05:00:00Z'), 'America/Lima').weekStart).toBe('2026-11-16');
      expect(weekOf(new Date('2026-11-16T04:59:00Z'), 'America/Lima').weekStart).toBe('2026-11-09');
      expect(weekOf(new Date('2026-11-16T05:00:00Z'), 'Europe/Madrid').weekStart).toBe(
        '2026-11-16',
      );
    }
  });

  it('are not changed by what a caller does with an earlier answer', () => {
    const first = weekFromStart('2026-11-16');
    first.weekEnd = 'changed';
    expect(weekFromStart('2026-11-16').weekEnd).toBe('2026-11-22');
    const weeks = recentWeeks(new Date('2026-11-18T12:00:00Z'), 'America/Lima', 3);
    for (const week of weeks) week.weekStart = 'changed';
    expect(recentWeeks(new Date('2026-11-18T12:00:00Z'), 'America/Lima', 3)[0]?.weekStart).toBe(
      '2026-11-16',
    );
  });
});
