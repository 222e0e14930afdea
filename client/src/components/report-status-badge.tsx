import type { SubmissionStatus } from '@common/roles';
import { reportStatusLabel } from '@/lib/report-status';
import { cn } from '@/lib/utils';

const TONES: Record<SubmissionStatus | 'NONE', string> = {
  ENVIADO: 'border-success/40 bg-success/10 text-success',
  BORRADOR: 'border-primary/30 bg-primary/10 text-primary',
  NONE: 'border-destructive/30 bg-destructive/10 text-destructive',
};

/**
 * A week's state of someone's report: 'Enviado', 'Borrador', or without a report 'Pendiente'
 * (the panel's pending list says 'Sin enviar').
 */
export function ReportStatusBadge({
  status,
  missingLabel = reportStatusLabel(null),
}: {
  status: SubmissionStatus | null;
  missingLabel?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[status ?? 'NONE'],
      )}
    >
      {status ? reportStatusLabel(status) : missingLabel}
    </span>
  );
}
