import type { PanelSubmission } from '@common/schemas/panel';
import type { ReactNode } from 'react';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { formatDateTime } from '@/lib/format';
import { ReportStatusBadge } from '@/components/report-status-badge';

const SECTIONS = [
  ['Avances', 'avances'],
  ['Planes', 'planes'],
  ['Problemas', 'problemas'],
  ['Ayuda Necesaria', 'ayuda'],
] as const;

/** The four text sections of an APPA, read-only. */
export function LeaderReportSections({ submission }: { submission: PanelSubmission }) {
  return (
    <div className="grid min-w-0 gap-4">
      {SECTIONS.map(([title, field]) => {
        const text = submission[field];
        return (
          <section key={field} aria-label={title} className="grid min-w-0 gap-1.5 border-t pt-4">
            <h3 className="text-sm font-semibold">{title}</h3>
            {text.trim() ? (
              <p className="text-sm break-words whitespace-pre-wrap">{text}</p>
            ) : (
              <p className="text-sm text-muted-foreground">Sin contenido</p>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** The facts above an APPA's text: its state, when it was sent, and one more (files, permission). */
export function LeaderReportFacts({
  submission,
  extraLabel,
  extra,
}: {
  submission: PanelSubmission;
  extraLabel: string;
  extra: ReactNode;
}) {
  const user = useSignedInUser();
  return (
    <dl className="grid min-w-0 grid-cols-2 gap-3 text-sm sm:grid-cols-3">
      <div className="grid gap-1">
        <dt className="text-muted-foreground">Estado</dt>
        <dd>
          <ReportStatusBadge status={submission.status} />
        </dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-muted-foreground">Enviado</dt>
        <dd className="font-medium tabular-nums">
          {submission.submittedAt ? formatDateTime(submission.submittedAt, user.timezone) : '—'}
        </dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-muted-foreground">{extraLabel}</dt>
        <dd className="font-medium">{extra}</dd>
      </div>
    </dl>
  );
}
