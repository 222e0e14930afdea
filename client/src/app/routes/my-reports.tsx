import { MY_REPORTS_PATH, ownFormPath, reportPagePath } from '@common/roles';
import type { MyReport } from '@common/schemas/me';
import { weekLabel } from '@common/week';
import { ArrowLeft, CheckCircle2, FilePen, ListTodo, MessageSquare } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyMessage } from '@/components/empty-message';
import { QueryState } from '@/components/query-state';
import { ReportStatusBadge } from '@/components/report-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useMyReports } from '@/features/me/api/get-my-reports';
import { AbsencesCard } from '@/features/absences/components/absences-card';
import { useAppa } from '@/features/reviews/api/get-appa';
import { DownloadButton, ReportDetail } from '@/features/reviews/components/appa-detail-dialog';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { formatDateTime } from '@common/date-format';
import { useLiveUpdates } from '@/lib/live-updates';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

/** What came back on a report, in words: its review, comments and open tasks. */
export function feedbackLine(report: MyReport): string[] {
  const parts: string[] = [];
  if (report.status === 'BORRADOR') return ['Borrador: aún no lo envías'];
  parts.push(
    report.reviewed
      ? `Revisado${report.reviewedBy ? ` por ${report.reviewedBy.fullName}` : ''}`
      : 'Sin revisar',
  );
  parts.push(report.commentCount === 1 ? '1 comentario' : `${report.commentCount} comentarios`);
  if (report.openTaskCount > 0) {
    parts.push(
      report.openTaskCount === 1
        ? '1 tarea pendiente'
        : `${report.openTaskCount} tareas pendientes`,
    );
  }
  return parts;
}

function MyReportRow({ report, timeZone }: { report: MyReport; timeZone: string }) {
  const [review, comments, tasks] = feedbackLine(report);
  return (
    <li>
      <Link
        to={reportPagePath(report.id)}
        className="grid gap-2 rounded-lg border bg-card p-4 shadow-xs transition-colors hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none sm:grid-cols-[1fr_auto] sm:items-center"
      >
        <span className="grid min-w-0 gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{weekLabel(report)}</span>
            <ReportStatusBadge status={report.status} />
          </span>
          <span className="text-sm text-muted-foreground">
            {report.submittedAt
              ? `Enviado el ${formatDateTime(report.submittedAt, timeZone)}`
              : 'Sin enviar'}
          </span>
        </span>
        <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1">
            <CheckCircle2
              aria-hidden="true"
              className={report.reviewed ? 'size-4 text-success' : 'size-4 text-muted-foreground'}
            />
            {review}
          </span>
          {comments ? (
            <span className="inline-flex items-center gap-1">
              <MessageSquare aria-hidden="true" className="size-4 text-muted-foreground" />
              {comments}
            </span>
          ) : null}
          {tasks ? (
            <span className="inline-flex items-center gap-1 font-medium text-primary">
              <ListTodo aria-hidden="true" className="size-4" />
              {tasks}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/** Mis reportes: the person's own reports, newest first, each opening as a page. */
export function MyReportsPage() {
  const user = useSignedInUser();
  const timeZone = useOrganisationTimeZone();
  const reports = useMyReports();
  useLiveUpdates();
  return (
    <>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Mis reportes</h1>
          <p className="mt-1 text-muted-foreground">
            Tus APPA de cada semana, con las revisiones, comentarios y tareas que recibieron.
          </p>
        </div>
        {user.abilities.report ? (
          <Button asChild>
            <Link to={ownFormPath(user)}>
              <FilePen aria-hidden="true" />
              Mi APPA de esta semana
            </Link>
          </Button>
        ) : null}
      </div>
      <div className="grid gap-6">
        <QueryState query={reports}>
          {({ items }) =>
            items.length === 0 ? (
              <EmptyMessage>Aún no tienes reportes.</EmptyMessage>
            ) : (
              <ul className="grid gap-3" aria-label="Mis reportes">
                {items.map((report) => (
                  <MyReportRow key={report.id} report={report} timeZone={timeZone} />
                ))}
              </ul>
            )
          }
        </QueryState>
        {user.abilities.report ? <AbsencesCard userId={user.id} /> : null}
      </div>
    </>
  );
}

/**
 * One report as a page (/reportes/{id}), where notifications and their e-mails lead: read-only
 * for its author, with the comment threads they may answer and the tasks they may move; a reviewer
 * reviews, comments and creates tasks here as in the panel's dialog.
 */
export function SingleReportPage() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const report = useAppa(id);
  useLiveUpdates();
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      {user.abilities.report ? (
        <div>
          <Button variant="ghost" size="sm" className="-ml-2" asChild>
            <Link to={MY_REPORTS_PATH}>
              <ArrowLeft aria-hidden="true" />
              Mis reportes
            </Link>
          </Button>
        </div>
      ) : null}
      <QueryState query={report}>
        {(submission) => (
          <Card>
            <CardContent className="grid min-w-0 gap-4 pt-6">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h1 className="text-xl font-bold tracking-tight sm:text-2xl">
                    {submission.userId === user.id
                      ? 'Tu APPA'
                      : `APPA de ${submission.user.fullName}`}
                  </h1>
                  <p className="text-muted-foreground">{weekLabel(submission)}</p>
                </div>
                <DownloadButton submission={submission} />
              </div>
              <ReportDetail submission={submission} />
            </CardContent>
          </Card>
        )}
      </QueryState>
    </div>
  );
}
