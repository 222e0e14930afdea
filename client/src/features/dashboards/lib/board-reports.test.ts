import type { ReportSummary } from '@common/schemas/panel';
import { describe, expect, it } from 'vitest';
import { author, report as baseReport } from '@common/testing/panel-fixtures';
import {
  filterReports,
  missingOfRole,
  NO_FILTERS,
  reportsOfRole,
  roleBreakdown,
  roleCompletionSeries,
  rolesInSeries,
} from './board-reports';

/** A LIDER of Ventas with a sent report, unless `overrides` say otherwise. */
function report(overrides: Partial<ReportSummary> & { name: string }): ReportSummary {
  const { name, ...rest } = overrides;
  const user = {
    ...author(name, `${name.split(' ')[0]?.toLowerCase()}@example.com`, 'Ventas'),
    cargo: null,
    role: 'LIDER' as const,
  };
  return baseReport(user, { kpiMetaPct: 80, kpiLogroPct: 90, fileCount: 0, ...rest });
}

const ana = report({ name: 'Ana Pérez' });
const luis = report({
  name: 'Luis Gómez',
  status: 'BORRADOR',
  submittedAt: null,
  avances: 'Migración del inventario',
  user: { ...ana.user, fullName: 'Luis Gómez', role: 'GERENTE', unidadOrganizacional: 'TI' },
});
const all = [ana, luis];

describe('roleBreakdown', () => {
  it('keeps roles with someone expected and adds their completion rate', () => {
    expect(
      roleBreakdown([
        { role: 'VP', total: 2, sent: 1, drafts: 0 },
        { role: 'CONSEJO', total: 0, sent: 0, drafts: 0 },
        { role: 'LIDER', total: 3, sent: 2, drafts: 1 },
      ]),
    ).toEqual([
      { role: 'VP', label: 'VP', total: 2, sent: 1, drafts: 0, rate: 50 },
      { role: 'LIDER', label: 'Líder', total: 3, sent: 2, drafts: 1, rate: 67 },
    ]);
  });
});

describe('filterReports', () => {
  it('returns everything without filters', () => {
    expect(filterReports(all, NO_FILTERS)).toEqual(all);
  });

  it('searches names without accents and the report text', () => {
    expect(filterReports(all, { ...NO_FILTERS, search: 'perez' })).toEqual([ana]);
    expect(filterReports(all, { ...NO_FILTERS, search: 'MIGRACIÓN' })).toEqual([luis]);
  });

  it('filters by status and team', () => {
    expect(filterReports(all, { ...NO_FILTERS, status: 'BORRADOR' })).toEqual([luis]);
    expect(filterReports(all, { ...NO_FILTERS, team: 'Ventas' })).toEqual([ana]);
    expect(filterReports(all, { search: 'luis', status: 'ENVIADO', team: '' })).toEqual([]);
  });
});

describe('reportsOfRole', () => {
  it('keeps the reports of authors of that role', () => {
    expect(reportsOfRole(all, 'GERENTE')).toEqual([luis]);
    expect(reportsOfRole(all, 'VP')).toEqual([]);
  });
});

describe('missingOfRole', () => {
  it('names the people of the role without any report, then those away', () => {
    const rosa = { ...ana.user, id: 'rosa', fullName: 'Rosa Díaz' };
    const tito = { ...ana.user, id: 'tito', fullName: 'Tito Borrador' };
    const gina = { ...ana.user, id: 'gina', fullName: 'Gina Gerente', role: 'GERENTE' as const };
    const away = { ...ana.user, id: 'away', fullName: 'Ana Viaje' };
    const week = {
      pending: [
        { ...rosa, draft: false },
        // A draft is among the reports already.
        { ...tito, draft: true },
        { ...gina, draft: false },
      ],
      absent: [away],
    };
    expect(missingOfRole(week, 'LIDER')).toEqual([
      { person: { ...rosa, draft: false }, absent: false },
      { person: away, absent: true },
    ]);
    expect(missingOfRole(week, 'VP')).toEqual([]);
  });
});

describe('roleCompletionSeries', () => {
  it('orders weeks oldest first and rates only roles with someone expected', () => {
    const series = roleCompletionSeries([
      {
        weekStart: '2026-11-16',
        analytics: analytics([{ role: 'LIDER', total: 4, sent: 1, drafts: 0 }]),
      },
      {
        weekStart: '2026-11-09',
        analytics: analytics([
          { role: 'LIDER', total: 4, sent: 4, drafts: 0 },
          { role: 'GERENTE', total: 0, sent: 0, drafts: 0 },
        ]),
      },
    ]);
    expect(series).toEqual([
      { weekStart: '2026-11-09', rates: { LIDER: 100 } },
      { weekStart: '2026-11-16', rates: { LIDER: 25 } },
    ]);
    expect(rolesInSeries(series, ['VP', 'GERENTE', 'LIDER'])).toEqual(['LIDER']);
  });
});

function analytics(
  byRole: { role: 'LIDER' | 'GERENTE'; total: number; sent: number; drafts: number }[],
) {
  return {
    totalSubmissions: 0,
    submittedCount: 0,
    draftCount: 0,
    expected: 0,
    pendingCount: 0,
    completionRate: 0,
    byRole,
  };
}
