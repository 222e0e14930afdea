import { describe, expect, it } from 'vitest';
import {
  csvOf,
  CUSTOM_LAYOUT,
  headersOf,
  KPI_LAYOUT,
  kpiAchieved,
  WEEKLY_LAYOUT,
  weekStatusText,
  type CsvLayout,
  type WeeklyRow,
} from './report-layouts';
import { author, report } from './testing/panel-fixtures';

const LIMA = { timeZone: 'America/Lima' };
const WEEK = '2026-11-16';

/** The CSV's lines without the BOM. */
const lines = (csv: string) => csv.slice(1).split('\r\n');

describe('WEEKLY_LAYOUT', () => {
  const sent: WeeklyRow = {
    fullName: 'José Pérez',
    area: 'Ventas',
    managerName: 'Gina Gerente',
    status: 'ENVIADO',
    report: {
      submittedAt: '2026-11-16T15:30:00.000Z',
      avances: 'Cerré 3 ventas',
      planes: 'Visitar 2 clientes',
      problemas: '=HYPERLINK("http://x")',
      ayuda: '',
      kpiNombre: 'Ventas',
      kpiMetaPct: 80,
      kpiLogroPct: 95.5,
      reviewed: true,
    },
  };
  const pending: WeeklyRow = {
    fullName: 'Rosa Díaz',
    area: null,
    managerName: null,
    status: 'PENDIENTE',
    report: null,
  };

  it('has one set of columns, Avances and Planes included', () => {
    expect(headersOf(WEEKLY_LAYOUT)).toEqual([
      'Nombre',
      'Área',
      'Jefe',
      'Estado',
      'Fecha de envío',
      'Avances',
      'Planes',
      'Problemas',
      'Ayuda',
      'KPI',
      'Meta',
      'Logrado',
      'Revisado',
    ]);
  });

  it('writes a sent report and a pending person, in Spanish, dates in the given timezone', () => {
    expect(lines(csvOf(WEEKLY_LAYOUT, [sent, pending], LIMA)).slice(1)).toEqual([
      `José Pérez,Ventas,Gina Gerente,Enviado,16/11/2026 10:30,Cerré 3 ventas,Visitar 2 clientes,"'=HYPERLINK(""http://x"")",,Ventas,80 %,"95,5 %",Sí`,
      'Rosa Díaz,,,Pendiente,,,,,,,,,',
    ]);
    const [utc] = lines(csvOf(WEEKLY_LAYOUT, [sent], { timeZone: 'UTC' })).slice(1);
    expect(utc).toContain(',16/11/2026 15:30,');
  });

  it('names each standing of a person in the week in Spanish', () => {
    expect(
      (['ENVIADO', 'BORRADOR', 'PENDIENTE', 'AUSENTE'] as const).map((s) => weekStatusText(s)),
    ).toEqual(['Enviado', 'Borrador', 'Pendiente', 'Ausente']);
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
  const jose = author('José Pérez', 'jperez@example.com', 'Ventas');
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
