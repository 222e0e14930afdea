import { describe, expect, it } from 'vitest';
import {
  dayMonthYear,
  formatDateTime,
  localDateTime,
  parseDayMonthYear,
  timeOfDay,
} from './date-format';
import { startOfLocalDay } from './week';

describe('dayMonthYear', () => {
  it('reads a calendar date, or the date of an ISO date-time, as dd/mm/yyyy', () => {
    expect(dayMonthYear('2026-11-20')).toBe('20/11/2026');
    expect(dayMonthYear('2026-03-01T23:59:00.000Z')).toBe('01/03/2026');
  });
});

describe('formatDateTime', () => {
  it('reads the instant in the time zone asked for, on a 24-hour clock', () => {
    expect(formatDateTime('2025-06-03T19:04:00.000Z', 'America/Lima')).toBe('03/06/2025 14:04');
    expect(formatDateTime('2025-06-03T03:30:00.000Z', 'America/Lima')).toBe('02/06/2025 22:30');
    expect(formatDateTime(new Date('2025-06-03T00:05:00.000Z'), 'UTC')).toBe('03/06/2025 00:05');
    expect(formatDateTime('2025-06-03T05:00:00.000Z', 'America/Lima')).toBe('03/06/2025 00:00');
  });

  it('falls back to the runtime time zone for one it does not know', () => {
    expect(formatDateTime('2025-06-03T15:04:00.000Z', 'Marte/Olympus')).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
  });

  it('gives the date and the time apart too', () => {
    expect(localDateTime('2025-06-03T19:04:00.000Z', 'America/Bogota')).toEqual({
      date: '03/06/2025',
      time: '14:04',
    });
    expect(timeOfDay('2025-06-03T19:04:00.000Z', 'America/Santiago')).toBe('15:04');
  });
});

describe('parseDayMonthYear', () => {
  it('reads what a person types and what a date input sends', () => {
    expect(parseDayMonthYear('01/03/2026')).toBe('2026-03-01');
    expect(parseDayMonthYear(' 1/3/2026 ')).toBe('2026-03-01');
    expect(parseDayMonthYear('1-3-2026')).toBe('2026-03-01');
    expect(parseDayMonthYear('2026-03-01')).toBe('2026-03-01');
  });

  it('refuses a day that does not exist or a text that is no date', () => {
    expect(parseDayMonthYear('31/02/2026')).toBeNull();
    expect(parseDayMonthYear('2026-13-01')).toBeNull();
    expect(parseDayMonthYear('ayer')).toBeNull();
    expect(parseDayMonthYear('03/01/26')).toBeNull();
  });
});

describe('startOfLocalDay', () => {
  it("is the instant of the day's local midnight in the time zone", () => {
    expect(startOfLocalDay('2026-03-01', 'America/Lima').toISOString()).toBe(
      '2026-03-01T05:00:00.000Z',
    );
    expect(startOfLocalDay('2026-03-01', 'America/Mexico_City').toISOString()).toBe(
      '2026-03-01T06:00:00.000Z',
    );
  });
});
