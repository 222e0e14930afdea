import { percent } from '@common/percent';
import type { ReportSummary } from '@common/schemas/panel';
import { weekLabel } from '@common/week';
import { Download } from 'lucide-react';
import { useEffect, useRef, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { FileRow } from '@/components/file-row';
import { ReportFacts, ReportSection, ReportSections } from '@/components/report-sections';
import { fileDownloadUrl } from '@/lib/api/download-file';
import { formatKilobytes } from '@/lib/format';
import { useAppa } from '../api/get-appa';
import { useSubmissionFiles } from '../api/get-submission-files';
import { KpiTrendIcon } from '@/components/kpi-trend-icon';
import { ReviewComments } from './review-comments';
import { ReviewStatus } from './review-status-form';
import { ReviewTasks } from './review-tasks';

/**
 * Where the dialog puts the focus when it opens: 'Comentarios' and 'Marcar Revisado' of a card;
 * 'task' opens 'Crear Tarea de Revisión' over it.
 */
export type DetailFocus = 'comments' | 'review' | 'task';

/** GET /api/appa/{id}/download: the report as text (built by the exports). */
export const appaDownloadUrl = (id: string) => `/api/appa/${encodeURIComponent(id)}/download`;

function KpiBlock({ submission: s }: { submission: ReportSummary }) {
  return (
    <ReportSection title="KPI">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div className="col-span-2 grid gap-0.5 sm:col-span-1">
          <dt className="text-muted-foreground">Nombre</dt>
          <dd className="font-medium break-words">{s.kpiNombre.trim() || 'Sin contenido'}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Meta</dt>
          <dd className="font-medium tabular-nums">{percent(s.kpiMetaPct)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Logro</dt>
          <dd className="inline-flex items-center gap-1 font-medium tabular-nums">
            {percent(s.kpiLogroPct)}
            <KpiTrendIcon metaPct={s.kpiMetaPct} logroPct={s.kpiLogroPct} />
          </dd>
        </div>
      </dl>
    </ReportSection>
  );
}

function Attachments({ submissionId }: { submissionId: string }) {
  const files = useSubmissionFiles(submissionId);
  if (files.isPending) return <Spinner label="Cargando archivos" />;
  if (files.isError) {
    return (
      <p className="text-sm text-destructive">
        No se pudieron cargar los archivos. {files.error.message}
      </p>
    );
  }
  if (files.data.length === 0) {
    return <p className="text-sm text-muted-foreground">Sin archivos adjuntos</p>;
  }
  return (
    <ul className="grid gap-1.5">
      {files.data.map((file) => (
        <FileRow
          key={file.id}
          fileName={file.fileName}
          size={formatKilobytes(file.sizeBytes)}
          href={fileDownloadUrl(file.id)}
        />
      ))}
    </ul>
  );
}

/**
 * The body of the APPA detail dialog: status, dates, KPI, the four sections,
 * attachments, the review banner or form, review comments and tasks. Mounted inside a
 * DialogContent by the tab that opens it (Resumen Semanal, Revisión de APPAs, later the
 * dashboards); it re-reads the report so that the review state stays current.
 */
export function AppaDetailDialogBody({
  submission: initial,
  focus,
}: {
  submission: ReportSummary;
  focus?: DetailFocus;
}) {
  const { data } = useAppa(initial.id, initial);
  const submission = data ?? initial;
  const commentBox = useRef<HTMLTextAreaElement>(null);
  const reviewNotes = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    // After the dialog's own focus trap has placed the focus on open.
    const frame = requestAnimationFrame(() => {
      const target =
        focus === 'comments' ? commentBox.current : focus === 'review' ? reviewNotes.current : null;
      target?.scrollIntoView({ block: 'center' });
      target?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [focus]);

  return (
    <>
      <DialogHeader>
        <DialogTitle>APPA de {submission.user.fullName}</DialogTitle>
        <DialogDescription>{weekLabel(submission)}</DialogDescription>
      </DialogHeader>

      <ReportDetail
        submission={submission}
        commentBox={commentBox}
        reviewNotes={reviewNotes}
        startCreatingTask={focus === 'task'}
      />

      <DialogFooter className="border-t pt-4">
        <DownloadButton submission={submission} />
        <DialogClose asChild>
          <Button>Cerrar</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

/** 'Descargar': the report as text, for whoever may read its content. */
export function DownloadButton({ submission }: { submission: ReportSummary }) {
  if (!submission.abilities.download) return null;
  return (
    <Button variant="outline" asChild>
      <a href={appaDownloadUrl(submission.id)} download>
        <Download aria-hidden="true" />
        Descargar
      </a>
    </Button>
  );
}

/**
 * A report as its readers see it, in a dialog or a page: who wrote it and when, the KPI, the four
 * sections, attachments, the review, the comment threads and the tasks, each offering what the
 * reader may do (its abilities).
 */
export function ReportDetail({
  submission,
  commentBox,
  reviewNotes,
  startCreatingTask = false,
}: {
  submission: ReportSummary;
  commentBox?: Ref<HTMLTextAreaElement>;
  reviewNotes?: Ref<HTMLTextAreaElement>;
  startCreatingTask?: boolean;
}) {
  return (
    <>
      <ReportFacts
        submission={submission}
        extraLabel="Autor"
        extra={
          <>
            {submission.user.fullName}
            {submission.user.cargo ? (
              <span className="block text-xs font-normal text-muted-foreground">
                {submission.user.cargo}
              </span>
            ) : null}
          </>
        }
      />

      {/* Someone else's draft comes without its content: no KPI, no files to list. */}
      {submission.abilities.download ? <KpiBlock submission={submission} /> : null}
      <ReportSections report={submission} ayudaTitle="Ayuda Requerida" />
      {submission.abilities.download ? (
        <ReportSection title="Archivos adjuntos">
          <Attachments submissionId={submission.id} />
        </ReportSection>
      ) : null}
      <ReportSection title="Revisión">
        <ReviewStatus submission={submission} notesRef={reviewNotes} />
      </ReportSection>
      <ReportSection title="Comentarios de revisión">
        <ReviewComments
          submissionId={submission.id}
          canComment={submission.abilities.comment}
          boxRef={commentBox}
        />
      </ReportSection>
      <ReportSection title="Tareas de revisión">
        <ReviewTasks
          submissionId={submission.id}
          author={submission.user}
          canCreate={submission.abilities.review}
          startCreating={startCreatingTask}
        />
      </ReportSection>
    </>
  );
}
