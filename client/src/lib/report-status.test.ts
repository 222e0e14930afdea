import { describe, expect, it } from 'vitest';
import { reportStatusLabel } from './report-status';

describe('reportStatusLabel', () => {
  it('names the week state of the Estado card, Pendiente without a report', () => {
    expect(reportStatusLabel('ENVIADO')).toBe('Enviado');
    expect(reportStatusLabel('BORRADOR')).toBe('Borrador');
    expect(reportStatusLabel(null)).toBe('Pendiente');
    expect(reportStatusLabel(undefined)).toBe('Pendiente');
  });
});
