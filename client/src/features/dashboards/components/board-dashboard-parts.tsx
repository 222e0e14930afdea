import type { PanelSubmission } from '@common/schemas/panel';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/** How the app layer shows one report (the APPA detail dialog's body), since features do not import each other. */
export type RenderDetail = (submission: PanelSubmission) => ReactNode;

/** A failed load, with the reason and 'Reintentar'. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message =
    error instanceof ApiError || error instanceof Error
      ? error.message
      : 'No se pudieron cargar los datos';
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <AlertDescription className="flex flex-wrap items-center gap-3">
        <span>{message}</span>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Reintentar
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** A query's three states: spinner, error with Reintentar, or its content. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="flex justify-center py-8">
      <Spinner />
    </div>
  );
}

export function StatusBadge({ status }: { status: PanelSubmission['status'] | null }) {
  const [label, tone] =
    status === 'ENVIADO'
      ? ['Enviado', 'border-success/40 bg-success/10 text-success']
      : status === 'BORRADOR'
        ? ['Borrador', 'border-primary/30 bg-primary/10 text-primary']
        : ['Pendiente', 'border-destructive/30 bg-destructive/10 text-destructive'];
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone,
      )}
    >
      {label}
    </span>
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
            <StatusBadge status={s.status} />
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
