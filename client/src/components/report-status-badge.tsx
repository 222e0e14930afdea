import type { SubmissionStatus } from '@common/roles';
import { reportStatusLabel } from '@/lib/report-status';
import { cn } from '@/lib/utils';

const TONES: Record<SubmissionStatus | 'NONE' | 'AWAY', string> = {
  ENVIADO: 'border-success/40 bg-success/10 text-success',
  BORRADOR: 'border-primary/30 bg-primary/10 text-primary',
  NONE: 'border-destructive/30 bg-destructive/10 text-destructive',
  AWAY: 'border-border bg-muted text-muted-foreground',
};

/**
 * A week's state of someone's report: 'Enviado', 'Borrador', or without a report 'Pendiente'
 * (the panel's pending list says 'Sin enviar'), or 'Ausente' for someone away all week.
 */
export function ReportStatusBadge({
  status,
  missingLabel = reportStatusLabel(null),
  absent = false,
}: {
  status: SubmissionStatus | null;
  missingLabel?: string;
  /** Away for the whole week: not expected, so not pending. */
  absent?: boolean;
}) {
  const away = absent && !status;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[away ? 'AWAY' : (status ?? 'NONE')],
      )}
    >
      {status ? reportStatusLabel(status) : away ? 'Ausente' : missingLabel}
    </span>
  );
}
