import type { WeekResponse } from '@common/schemas/panel';
import { PAGE_SIZE } from '@common/week-filters';
import { describe, expect, it } from 'vitest';
import { author, report } from '@common/testing/panel-fixtures';
import { filesPerSent, filteredCsvRows, summaryCsvFileName } from './week-summary';

const ana = author('Ana Torres', 'ana@example.com', 'Marketing');
const draft = report(ana, { status: 'BORRADOR', submittedAt: null });

describe('summaryCsvFileName', () => {
  it('names the file after the week', () => {
    expect(summaryCsvFileName('2026-11-16')).toBe('appa-semana-2026-11-16.csv');
  });
});

describe('filteredCsvRows', () => {
  // More reports than one page of the table holds: the CSV has them all.
  const many = Array.from({ length: PAGE_SIZE + 5 }, (_, i) =>
    report(author(`Persona ${i + 1}`, `p${i + 1}@example.com`, i % 2 ? 'Ventas' : 'Marketing')),
  );
  const rosa = { ...author('Rosa Díaz', 'r@example.com', 'Ventas'), draft: false };
  const week: WeekResponse = {
    weekStart: '2026-11-16',
    weekEnd: '2026-11-22',
    timeZone: 'America/Lima',
    submissions: [...many, draft],
    pending: [{ ...ana, draft: true }, rosa],
    absent: [],
    teams: ['Logística', 'Marketing', 'Ventas'],
    counts: { expected: 28, sent: many.length, drafts: 1, pending: 2, files: 0 },
  };
  const names = (rows: ReturnType<typeof filteredCsvRows>) => rows.map((r) => r.author.fullName);

  it('writes every filtered report of the week, not one page, and the pending under Todos', () => {
    const rows = filteredCsvRows(week, { search: '', status: 'todos', team: '' });
    expect(rows).toHaveLength(PAGE_SIZE + 5 + 1 + 1);
    expect(names(rows).at(-1)).toBe('Rosa Díaz');
  });

  it('applies the search, the status and the team as the table does', () => {
    const sentInVentas = filteredCsvRows(week, { search: '', status: 'enviados', team: 'Ventas' });
    expect(sentInVentas).toHaveLength(12);
    expect(
      sentInVentas.every(
        (r) => r.author.unidadOrganizacional === 'Ventas' && r.status === 'ENVIADO',
      ),
    ).toBe(true);
    expect(
      names(filteredCsvRows(week, { search: 'TORRES', status: 'borradores', team: '' })),
    ).toEqual(['Ana Torres']);
    expect(
      names(filteredCsvRows(week, { search: 'diaz', status: 'pendientes', team: '' })),
    ).toEqual(['Rosa Díaz']);
  });
});

describe('filesPerSent', () => {
  it('divides files by sent reports, 0 when none was sent', () => {
    expect(filesPerSent(5, 2)).toBe('2,5');
    expect(filesPerSent(3, 0)).toBe('0');
  });
});
