import { REPORTS_MSG } from '@common/schemas/reports';
import { describe, expect, it } from 'vitest';
import { defaultRange, reportLinks } from './report-links';

describe('reportLinks', () => {
  it('builds one link per format with the query', () => {
    expect(reportLinks({ kind: 'weekly', weekStart: '2026-11-16' })).toEqual({
      ok: true,
      links: {
        csv: '/api/reports/weekly?weekStart=2026-11-16&format=csv',
        txt: '/api/reports/weekly?weekStart=2026-11-16&format=txt',
      },
    });
    const range = reportLinks({ kind: 'kpi', from: '2026-10-01', to: '2026-10-31' });
    expect(range.ok && range.links.csv).toBe(
      '/api/reports/kpi?from=2026-10-01&to=2026-10-31&format=csv',
    );
  });

  it('refuses what the server would refuse, with its message', () => {
    expect(reportLinks({ kind: 'monthly', month: '' })).toEqual({
      ok: false,
      message: REPORTS_MSG.invalidMonth,
    });
    expect(reportLinks({ kind: 'custom', from: '2026-10-31', to: '2026-10-01' })).toEqual({
      ok: false,
      message: REPORTS_MSG.rangeOrder,
    });
    expect(reportLinks({ kind: 'user-activity', from: '2024-01-01', to: '2026-01-01' })).toEqual({
      ok: false,
      message: REPORTS_MSG.rangeTooLong,
    });
  });
});

describe('defaultRange', () => {
  it('covers the current week and the three before it', () => {
    expect(defaultRange('2026-11-16')).toEqual({ from: '2026-10-26', to: '2026-11-22' });
  });
});
