import { REPORT_MSG, type Report } from '@common/schemas/report';
import { describe, expect, it } from 'vitest';
import {
  formValuesFrom,
  inputToPct,
  previousPlansTitle,
  sendSummary,
  toSaveReportInput,
  validateReport,
  type ReportFormValues,
} from './report-form';

const draft: Report = {
  id: '6f1b3c1e-2f4a-4c55-9d1e-0a2b3c4d5e6f',
  userId: '0c9d8e7f-6a5b-4c3d-8e1f-2a3b4c5d6e7f',
  weekStart: '2025-06-02',
  weekEnd: '2025-06-08',
  avances: 'Cerré el piloto',
  planes: '',
  problemas: '',
  ayuda: 'Revisión legal',
  kpiNombre: 'Cobertura',
  kpiMetaPct: 80,
  kpiLogroPct: null,
  status: 'BORRADOR',
  submittedAt: null,
  createdAt: '2025-06-03T15:00:00.000Z',
  updatedAt: '2025-06-03T15:00:00.000Z',
  files: [{ id: 'f1', fileName: 'acta.pdf', sizeBytes: 12_600, objectKey: 'uploads/a' }],
};

const empty: ReportFormValues = formValuesFrom(null);

describe('report form values', () => {
  it('start empty without a report, and from the draft when there is one', () => {
    expect(empty).toEqual({
      avances: '',
      planes: '',
      problemas: '',
      ayuda: '',
      kpiNombre: '',
      kpiMetaPct: '',
      kpiLogroPct: '',
    });
    expect(formValuesFrom(draft)).toMatchObject({
      avances: 'Cerré el piloto',
      ayuda: 'Revisión legal',
      kpiNombre: 'Cobertura',
      kpiMetaPct: '80',
      kpiLogroPct: '',
    });
  });

  it('become the payload: empty percentages are null, numbers are numbers, files keep only what the server reads', () => {
    const input = toSaveReportInput(
      { ...formValuesFrom(draft), kpiLogroPct: '62.5', kpiMetaPct: '  ' },
      'BORRADOR',
      draft.files,
    );
    expect(input).toEqual({
      avances: 'Cerré el piloto',
      planes: '',
      problemas: '',
      ayuda: 'Revisión legal',
      kpiNombre: 'Cobertura',
      kpiMetaPct: null,
      kpiLogroPct: 62.5,
      status: 'BORRADOR',
      files: [{ objectKey: 'uploads/a', fileName: 'acta.pdf', sizeBytes: 12_600 }],
    });
  });
});

describe('the percentage boxes', () => {
  it('read a decimal comma and a decimal point alike, and show a comma', () => {
    expect(inputToPct('72,5')).toBe(72.5);
    expect(inputToPct(' 72.5 ')).toBe(72.5);
    expect(inputToPct('100')).toBe(100);
    expect(inputToPct('')).toBeNull();
    for (const bad of ['7,2,5', '72,', 'abc', '-5', '1e2']) expect(inputToPct(bad)).toBeNaN();
    expect(formValuesFrom({ ...draft, kpiLogroPct: 62.5 }).kpiLogroPct).toBe('62,5');
  });
});

describe('report validation', () => {
  it('lets an empty draft through', () => {
    expect(validateReport(toSaveReportInput(empty, 'BORRADOR', []))).toEqual({ ok: true });
  });

  it('needs Avances and Planes to send, with the shared Spanish messages, in the form order', () => {
    const result = validateReport(toSaveReportInput({ ...empty, planes: ' a ' }, 'ENVIADO', []));
    expect(result).toEqual({
      ok: false,
      fieldErrors: [
        { field: 'avances', message: REPORT_MSG.avancesTooShort },
        { field: 'planes', message: REPORT_MSG.planesTooShort },
      ],
      otherErrors: [],
    });
    expect(
      validateReport(toSaveReportInput({ ...empty, avances: 'abc', planes: 'def' }, 'ENVIADO', [])),
    ).toEqual({ ok: true });
  });

  it('refuses percentages out of range or with more than two decimals, even in a draft', () => {
    const result = validateReport(
      toSaveReportInput({ ...empty, kpiMetaPct: '101', kpiLogroPct: '1.234' }, 'BORRADOR', []),
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: [
        { field: 'kpiMetaPct', message: REPORT_MSG.pctRange('La meta del KPI') },
        { field: 'kpiLogroPct', message: REPORT_MSG.pctDecimals('El logro del KPI') },
      ],
      otherErrors: [],
    });
  });

  it('reports attachment problems apart from the fields', () => {
    const files = Array.from({ length: 51 }, (_, i) => ({
      objectKey: `uploads/${i}`,
      fileName: `f${i}.txt`,
      sizeBytes: 1,
    }));
    const result = validateReport(toSaveReportInput(empty, 'BORRADOR', files));
    expect(result).toMatchObject({ ok: false, fieldErrors: [], otherErrors: [expect.any(String)] });
  });
});

describe('the confirmation before sending', () => {
  it('names the empty sections, the files and the KPI', () => {
    const values = { ...empty, avances: 'Avance', planes: 'Plan', ayuda: '  ' };
    const file = { objectKey: 'uploads/a', fileName: 'a.pdf', sizeBytes: 1 };
    expect(sendSummary(toSaveReportInput(values, 'ENVIADO', []))).toEqual([
      'Secciones vacías: Problemas, Ayuda',
      'Sin archivos adjuntos',
      'Sin KPI',
    ]);
    const full = {
      ...values,
      problemas: 'Retraso',
      ayuda: 'Acceso',
      kpiNombre: 'Ventas',
      kpiMetaPct: '100',
      kpiLogroPct: '72.5',
    };
    expect(sendSummary(toSaveReportInput(full, 'ENVIADO', [file, file]))).toEqual([
      'Todas las secciones tienen contenido',
      '2 archivos adjuntos',
      'KPI: Ventas (meta 100 %, logro 72,5 %)',
    ]);
    expect(sendSummary(toSaveReportInput(full, 'ENVIADO', [file]))[1]).toBe('1 archivo adjunto');
  });
});

describe('the week carried over', () => {
  const previous = {
    weekStart: '2026-11-09',
    planes: 'Cerrar ventas',
    kpiNombre: 'Ventas',
    kpiMetaPct: 80,
  };

  it("starts a new week from the last sent report's KPI name and goal, never its result", () => {
    expect(formValuesFrom(null, previous)).toEqual({
      ...empty,
      kpiNombre: 'Ventas',
      kpiMetaPct: '80',
    });
  });

  it("keeps a draft's own KPI, even an empty one", () => {
    const values = formValuesFrom({ ...draft, kpiNombre: '', kpiMetaPct: null }, previous);
    expect(values).toMatchObject({ kpiNombre: '', kpiMetaPct: '' });
  });

  it('names last week as such, and an older week by its Monday', () => {
    expect(previousPlansTitle('2026-11-09', '2026-11-16')).toBe(
      'Lo que planeaste la semana pasada',
    );
    expect(previousPlansTitle('2026-10-26', '2026-11-16')).toBe(
      'Lo que planeaste la semana del 26/10/2026',
    );
  });
});
