import type { PanelSubmission } from '@common/schemas/panel';
import type { ReactNode } from 'react';
import { ReportStatusBadge } from '@/components/report-status-badge';
import { failureMessage, RetryAlert } from '@/components/retry-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { formatDateTime } from '@/lib/format';

/** How the app layer shows one report (the APPA detail dialog's body), since features do not import each other. */
export type RenderDetail = (submission: PanelSubmission) => ReactNode;

/** A query's three states: spinner, error with Reintentar, or its content. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.error) {
    return (
      <RetryAlert message={failureMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  }
  return (
    <div className="flex justify-center py-8">
      <Spinner />
    </div>
  );
}

export function EmptyMessage({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/** A list of reports, each with 'Ver APPA' opening it. */
export function ReportList({
  submissions,
  empty,
  label,
  onOpen,
}: {
  submissions: readonly PanelSubmission[];
  empty: string;
  label: string;
  onOpen: (submission: PanelSubmission) => void;
}) {
  const user = useSignedInUser();
  if (submissions.length === 0) return <EmptyMessage>{empty}</EmptyMessage>;
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
              {s.submittedAt ? ` · Enviado ${formatDateTime(s.submittedAt, user.timezone)}` : ''}
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
    </ul>
  );
}

/** The dialog a dashboard opens a report in; its body comes from the app layer. */
export function ReportDialog({
  submission,
  onClose,
  renderDetail,
}: {
  submission: PanelSubmission | null;
  onClose: () => void;
  renderDetail: RenderDetail;
}) {
  return (
    <Dialog open={submission !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-3xl">
        {submission ? renderDetail(submission) : null}
      </DialogContent>
    </Dialog>
  );
}
