import type { SubmissionStatus } from '@common/roles';
import { cn } from '@/lib/utils';
import { leaderStatusLabel } from '../lib/share-form';

const TONES: Record<SubmissionStatus | 'NONE', string> = {
  ENVIADO: 'border-success/40 bg-success/10 text-success',
  BORRADOR: 'border-primary/30 bg-primary/10 text-primary',
  NONE: 'border-destructive/30 bg-destructive/10 text-destructive',
};

/** A week's state of someone's report: 'Enviado', 'Borrador' or 'Pendiente' (no report yet). */
export function WeekStatusBadge({ status }: { status: SubmissionStatus | null }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[status ?? 'NONE'],
      )}
    >
      {leaderStatusLabel(status)}
    </span>
  );
}
