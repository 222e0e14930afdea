import type { ReportSummary } from '@common/schemas/panel';
import type { ReactNode } from 'react';
import { ReportStatusBadge } from '@/components/report-status-badge';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { formatDateTime } from '@common/date-format';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

/** One titled part of a report read in a dialog or a card: a rule above it, a small heading. */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    // min-w-0: a grid item of the dialog may not widen it (a long word, a text box's placeholder).
    <section aria-label={title} className="grid min-w-0 gap-2 border-t pt-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The four text sections of an APPA, read-only, as siblings of the surrounding grid. The last one
 * reads 'Ayuda Requerida' in the administrator's detail and 'Ayuda Necesaria' on /lider. Someone
 * else's draft comes without its text (the server keeps it to its author): one line says so.
 */
export function ReportSections({
  report,
  ayudaTitle,
}: {
  report: Pick<ReportSummary, 'avances' | 'planes' | 'problemas' | 'ayuda' | 'status' | 'userId'>;
  ayudaTitle: string;
}) {
  const user = useSignedInUser();
  if (report.status === 'BORRADOR' && report.userId !== user.id) {
    return (
      <ReportSection title="Contenido">
        <p className="text-sm text-muted-foreground">
          Es un borrador: su contenido es privado hasta que su autor lo envíe.
        </p>
      </ReportSection>
    );
  }
  const sections = [
    ['Avances', report.avances],
    ['Planes', report.planes],
    ['Problemas', report.problemas],
    [ayudaTitle, report.ayuda],
  ] as const;
  return sections.map(([title, text]) => (
    <ReportSection key={title} title={title}>
      {text.trim() ? (
        <p className="text-sm break-words whitespace-pre-wrap">{text}</p>
      ) : (
        <p className="text-sm text-muted-foreground">Sin contenido</p>
      )}
    </ReportSection>
  ));
}

/** The facts above an APPA's text: its state, when it was sent, and one more (author, files, permission). */
export function ReportFacts({
  submission,
  extraLabel,
  extra,
}: {
  submission: Pick<ReportSummary, 'status' | 'submittedAt'>;
  extraLabel: string;
  extra: ReactNode;
}) {
  const timeZone = useOrganisationTimeZone();
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
          {submission.submittedAt ? formatDateTime(submission.submittedAt, timeZone) : '—'}
        </dd>
      </div>
      <div className="grid min-w-0 gap-1">
        <dt className="text-muted-foreground">{extraLabel}</dt>
        <dd className="font-medium break-words">{extra}</dd>
      </div>
    </dl>
  );
}
