import { describe, expect, it } from 'vitest';
import { weekCsvUrl } from './week-csv-link';

describe('weekCsvUrl', () => {
  it('asks for the week and the team, leaving out what is not chosen', () => {
    expect(weekCsvUrl({ weekStart: '2026-11-16', team: 'Ventas y Marketing' })).toBe(
      '/api/appa/week/csv?weekStart=2026-11-16&team=Ventas+y+Marketing',
    );
    expect(weekCsvUrl({ weekStart: '2026-11-16', team: '' })).toBe(
      '/api/appa/week/csv?weekStart=2026-11-16',
    );
    expect(weekCsvUrl({})).toBe('/api/appa/week/csv');
  });
});
