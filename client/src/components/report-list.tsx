import type { PanelAuthor, ReportSummary } from '@common/schemas/panel';
import { EmptyMessage } from '@/components/empty-message';
import { ReportStatusBadge } from '@/components/report-status-badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@common/date-format';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

/** Someone expected who has no report at all this week ('Pendiente'), or is away ('Ausente'). */
export interface MissingPerson {
  person: PanelAuthor;
  absent: boolean;
}

/**
 * A list of reports, each with 'Ver APPA' opening it; then `missing`, the people expected who
 * have not written one, so that the list names everyone the week counts.
 */
export function ReportList({
  submissions,
  missing = [],
  empty,
  label,
  onOpen,
}: {
  submissions: readonly ReportSummary[];
  missing?: readonly MissingPerson[];
  empty: string;
  label: string;
  onOpen: (submission: ReportSummary) => void;
}) {
  const timeZone = useOrganisationTimeZone();
  if (submissions.length === 0 && missing.length === 0) {
    return <EmptyMessage>{empty}</EmptyMessage>;
  }
  return (
    <ul aria-label={label} className="grid gap-2">
      {submissions.map((s) => (
        <li
          key={s.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3"
        >
          <div className="min-w-0">
            <p className="font-medium break-words">{s.user.fullName}</p>
            <p className="text-xs break-words text-muted-foreground">
              {[s.user.cargo, s.user.unidadOrganizacional].filter(Boolean).join(' · ') || '—'}
              {s.submittedAt ? ` · Enviado ${formatDateTime(s.submittedAt, timeZone)}` : ''}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <ReportStatusBadge status={s.status} />
            <Button
              size="sm"
              variant="outline"
              aria-label={`Ver APPA de ${s.user.fullName}`}
              onClick={() => onOpen(s)}
            >
              Ver APPA
            </Button>
          </div>
        </li>
      ))}
      {missing.map(({ person, absent }) => (
        <li
          key={person.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed bg-card p-3"
        >
          <div className="min-w-0">
            <p className="font-medium break-words">{person.fullName}</p>
            <p className="text-xs break-words text-muted-foreground">
              {[person.cargo, person.unidadOrganizacional].filter(Boolean).join(' · ') || '—'}
            </p>
          </div>
          <ReportStatusBadge status={null} absent={absent} />
        </li>
      ))}
    </ul>
  );
}
