import type { PendingAuthor, WeekResponse } from '@common/schemas/panel';
import { PAGE_SIZE } from '@common/week-filters';
import { describe, expect, it } from 'vitest';
import { author, report } from '@common/testing/panel-fixtures';
import {
  CSV_HEADERS,
  filesPerSent,
  filteredCsvRows,
  summaryCsvFileName,
  summaryCsvRows,
} from './week-summary';

const jose = author('José Pérez', 'jperez@example.com', 'Ventas');
const ana = author('Ana Torres', 'ana@example.com', 'Marketing');
const draft = report(ana, { status: 'BORRADOR', submittedAt: null });

describe('summaryCsvRows', () => {
  it('writes one row per report and per pending person without a report', () => {
    const pending: PendingAuthor[] = [
      { ...ana, draft: true },
      { ...author('Rosa Díaz', 'r@example.com', 'Logística'), draft: false },
    ];
    const rows = summaryCsvRows(
      [
        report(jose, {
          problemas: 'Retraso',
          ayuda: 'Presupuesto',
          reviewedAt: '2026-11-17T10:00:00Z',
        }),
        draft,
      ],
      pending,
      'America/Lima',
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual([
      'José Pérez',
      'jperez@example.com',
      'Analista',
      'Ventas',
      'Enviado',
      '16/11/2026 10:30',
      'Ventas',
      90,
      95.5,
      2,
      'Retraso',
      'Presupuesto',
      'Sí',
    ]);
    expect(rows[1]?.[4]).toBe('Borrador');
    expect(rows[2]).toEqual([
      'Rosa Díaz',
      'r@example.com',
      'Analista',
      'Logística',
      'Sin enviar',
      null,
      null,
      null,
      null,
      0,
      null,
      null,
      'No',
    ]);
    expect(rows.every((row) => row.length === CSV_HEADERS.length)).toBe(true);
  });

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
    submissions: [...many, draft],
    pending: [{ ...ana, draft: true }, rosa],
    teams: ['Logística', 'Marketing', 'Ventas'],
    counts: { expected: 28, sent: many.length, drafts: 1, pending: 2, files: 0 },
  };
  const names = (rows: ReturnType<typeof filteredCsvRows>) => rows.map((row) => row[0]);

  it('writes every filtered report of the week, not one page, and the pending under Todos', () => {
    const rows = filteredCsvRows(week, { search: '', status: 'todos', team: '' }, 'UTC');
    expect(rows).toHaveLength(PAGE_SIZE + 5 + 1 + 1);
    expect(names(rows).at(-1)).toBe('Rosa Díaz');
  });

  it('applies the search, the status and the team as the table does', () => {
    const sentInVentas = filteredCsvRows(
      week,
      { search: '', status: 'enviados', team: 'Ventas' },
      'UTC',
    );
    expect(sentInVentas).toHaveLength(12);
    expect(sentInVentas.every((row) => row[3] === 'Ventas' && row[4] === 'Enviado')).toBe(true);
    expect(
      names(filteredCsvRows(week, { search: 'TORRES', status: 'borradores', team: '' }, 'UTC')),
    ).toEqual(['Ana Torres']);
    expect(
      names(filteredCsvRows(week, { search: 'diaz', status: 'pendientes', team: '' }, 'UTC')),
    ).toEqual(['Rosa Díaz']);
  });
});

describe('filesPerSent', () => {
  it('divides files by sent reports, 0 when none was sent', () => {
    expect(filesPerSent(5, 2)).toBe('2,5');
    expect(filesPerSent(3, 0)).toBe('0');
  });
});
