import type { SubmissionStatus } from '@common/roles';
import { cn } from '@/lib/utils';

const badgeClass =
  'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const TONES = {
  sent: 'border-success/40 bg-success/10 text-success',
  draft: 'border-primary/30 bg-primary/10 text-primary',
  pending: 'border-destructive/30 bg-destructive/10 text-destructive',
} as const;

function Badge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return <span className={cn(badgeClass, TONES[tone])}>{children}</span>;
}

/** 'Enviado' or 'Borrador' for a report of the week. */
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return status === 'ENVIADO' ? (
    <Badge tone="sent">Enviado</Badge>
  ) : (
    <Badge tone="draft">Borrador</Badge>
  );
}

/** An author without a sent report: 'Borrador' when they started one, 'Sin enviar' otherwise. */
export function PendingBadge({ draft }: { draft: boolean }) {
  return draft ? <Badge tone="draft">Borrador</Badge> : <Badge tone="pending">Sin enviar</Badge>;
}
