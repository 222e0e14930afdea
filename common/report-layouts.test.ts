import { describe, expect, it } from 'vitest';
import {
  csvOf,
  CUSTOM_LAYOUT,
  headersOf,
  KPI_LAYOUT,
  kpiAchieved,
  WEEKLY_LAYOUT,
  weeklyRows,
  type CsvLayout,
} from './report-layouts';
import type { PendingAuthor } from './schemas/panel';
import { author, report } from './testing/panel-fixtures';

const LIMA = { timeZone: 'America/Lima' };
const WEEK = '2026-11-16';

const jose = author('José Pérez', 'jperez@example.com', 'Ventas');
const ana = author('Ana Torres', 'ana@example.com', 'Marketing');
const rosa = author('Rosa Díaz', 'r@example.com', 'Logística');
const angela = author('Ángela Ruiz', 'angela@example.com', 'Ventas');

/** The CSV's lines without the BOM. */
const lines = (csv: string) => csv.slice(1).split('\r\n');

describe('weeklyRows', () => {
  const sent = report(jose, { problemas: 'Retraso', reviewedAt: '2026-11-17T10:00:00Z' });
  const draft = report(ana, { status: 'BORRADOR', submittedAt: null });
  const pending: PendingAuthor[] = [
    { ...ana, draft: true },
    { ...rosa, draft: false },
    { ...angela, draft: true },
  ];

  it('has one row per report and per pending person without one, nobody twice, by name', () => {
    const rows = weeklyRows(WEEK, [sent, draft], pending);
    expect(rows.map((r) => [r.author.fullName, r.status, r.report?.id ?? null])).toEqual([
      // Spanish order: 'Á' with the 'A's.
      ['Ana Torres', 'BORRADOR', draft.id],
      ['Ángela Ruiz', 'BORRADOR', null],
      ['José Pérez', 'ENVIADO', sent.id],
      ['Rosa Díaz', 'PENDIENTE', null],
    ]);
    expect(rows.every((r) => r.weekStart === WEEK)).toBe(true);
  });
});

describe('WEEKLY_LAYOUT', () => {
  it('has the most complete columns of the weekly report, Avances and Planes included', () => {
    expect(headersOf(WEEKLY_LAYOUT)).toEqual([
      'Nombre',
      'Correo',
      'Rol',
      'Cargo',
      'Unidad',
      'Semana',
      'Estado',
      'Fecha de envío',
      'KPI',
      'Meta (%)',
      'Logro (%)',
      'Avances',
      'Planes',
      'Problemas',
      'Ayuda',
      'Archivos',
      'Revisado',
    ]);
  });

  it('writes a report and a pending person, dates in the given timezone', () => {
    const manager = { ...jose, role: 'GERENTE' as const };
    const rows = weeklyRows(
      WEEK,
      [report(manager, { problemas: 'Retraso', reviewedAt: '2026-11-17T10:00:00Z' })],
      [{ ...rosa, draft: false }],
    );
    expect(lines(csvOf(WEEKLY_LAYOUT, rows, LIMA)).slice(1)).toEqual([
      `José Pérez,jperez@example.com,Gerente,Analista,Ventas,${WEEK},Enviado,16/11/2026 10:30,Ventas,90,95.5,Avances,Planes,Retraso,,2,Sí`,
      `Rosa Díaz,r@example.com,Usuario,Analista,Logística,${WEEK},Pendiente,,,,,,,,,0,No`,
    ]);
    const [utc] = lines(csvOf(WEEKLY_LAYOUT, rows, { timeZone: 'UTC' })).slice(1);
    expect(utc).toContain(',16/11/2026 15:30,');
  });
});

describe('csvOf', () => {
  const layout: CsvLayout<{ text: string; n: number }> = [
    { header: 'Texto', cell: (r) => r.text },
    { header: 'Número', cell: (r) => r.n },
  ];

  it('writes UTF-8 with BOM and CRLF, and escapes cells that would run as formulas', () => {
    const csv = csvOf(
      layout,
      [
        { text: '=HYPERLINK("http://x")', n: -5 },
        { text: '+1', n: 0 },
        { text: '@SUM(A1)', n: 1 },
        { text: 'Señal, con coma', n: 2 },
      ],
      LIMA,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines(csv)).toEqual([
      'Texto,Número',
      `"'=HYPERLINK(""http://x"")",-5`,
      `"'+1",0`,
      `"'@SUM(A1)",1`,
      '"Señal, con coma",2',
    ]);
  });

  it('escapes a formula that goes on over several lines', () => {
    const csv = csvOf(
      layout,
      [
        { text: '=HYPERLINK("http://x")\nsegunda línea', n: 1 },
        { text: '-1+1\r\notra', n: 2 },
        { text: '\t=1\n', n: 3 },
      ],
      LIMA,
    );
    expect(csv.slice(1)).toBe(
      [
        'Texto,Número',
        `"'=HYPERLINK(""http://x"")\nsegunda línea",1`,
        `"'-1+1\r\notra",2`,
        `"'\t=1\n",3`,
      ].join('\r\n'),
    );
  });
});

describe('KPI_LAYOUT', () => {
  it('says whether the goal was reached, or — without both values', () => {
    const row = { fullName: 'Ana', email: 'a@x.pe', weekStart: WEEK, kpiNombre: ' Ventas ' };
    expect(
      lines(
        csvOf(
          KPI_LAYOUT,
          [
            { ...row, meta: 90, logro: 95.5 },
            { ...row, meta: 90, logro: null },
          ],
          LIMA,
        ),
      ).slice(1),
    ).toEqual([`Ana,a@x.pe,${WEEK},Ventas,90,95.5,Sí`, `Ana,a@x.pe,${WEEK},Ventas,90,,—`]);
    expect(kpiAchieved(90, 89.99)).toBe(false);
  });
});

describe('CUSTOM_LAYOUT', () => {
  it("writes every reviewer's notes, oldest first, in one cell", () => {
    const note = (id: string, fullName: string | null, notes: string) => ({
      id,
      author: fullName ? { id, fullName } : null,
      notes,
      createdAt: '2026-11-17T10:00:00.000Z',
      updatedAt: '2026-11-17T10:00:00.000Z',
    });
    const reviewed = report(jose, {
      reviewNotes: 'Coincido',
      reviewNotesHistory: [
        note('00000000-0000-4000-8000-00000000c001', 'Gema Gerente', 'Buen avance'),
        note('00000000-0000-4000-8000-00000000c002', null, 'Coincido'),
      ],
    });
    const column = headersOf(CUSTOM_LAYOUT).indexOf('Notas de revisión');
    const cell = (r: typeof reviewed) => CUSTOM_LAYOUT[column]?.cell(r, LIMA);
    expect(cell(reviewed)).toBe('Gema Gerente: Buen avance\n—: Coincido');
    expect(cell(report(jose))).toBeNull();
  });
});
