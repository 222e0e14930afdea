import type { SubmissionStatus } from '@common/roles';

/** A week's state of someone's report: 'Enviado', 'Borrador', or 'Pendiente' without one. */
export function reportStatusLabel(status: SubmissionStatus | null | undefined) {
  if (status === 'ENVIADO') return 'Enviado';
  if (status === 'BORRADOR') return 'Borrador';
  return 'Pendiente';
}
