import type { ReportSummary } from '@common/schemas/panel';
import { CircleCheck, Eye, MessageSquare, Paperclip } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@common/date-format';
import { cn } from '@/lib/utils';
import type { DetailFocus } from './appa-detail-dialog';
import { ReviewNotesList } from './review-notes-list';

/** One sent report of 'Revisión de APPAs': green dot reviewed, amber not. */
export function ReviewCard({
  submission: s,
  timeZone,
  onOpen,
}: {
  submission: ReportSummary;
  timeZone: string;
  onOpen: (focus?: DetailFocus) => void;
}) {
  const reviewed = s.reviewedAt !== null;
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1">
        <div className="flex items-center gap-2">
          <span
            role="img"
            aria-label={reviewed ? 'Revisado' : 'Sin revisar'}
            title={reviewed ? 'Revisado' : 'Sin revisar'}
            className={cn(
              'size-2.5 shrink-0 rounded-full',
              reviewed ? 'bg-success' : 'bg-amber-500',
            )}
          />
          <h3 className="truncate font-semibold">{s.user.fullName}</h3>
        </div>
        <p className="text-sm text-muted-foreground">
          Enviado: {s.submittedAt ? formatDateTime(s.submittedAt, timeZone) : '—'}
        </p>
        {reviewed && s.reviewedAt ? (
          <p className="text-sm">
            Revisado: {formatDateTime(s.reviewedAt, timeZone)}
            {s.reviewer ? ` por ${s.reviewer.fullName}` : ''}
          </p>
        ) : (
          <p className="text-sm font-medium text-amber-700">Sin revisar</p>
        )}
        <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          <Paperclip aria-hidden="true" className="size-3.5" />
          {s.fileCount === 1 ? '1 archivo' : `${s.fileCount} archivos`}
        </p>
        <ReviewNotesList
          notes={s.reviewNotesHistory}
          label={`Notas de revisión del APPA de ${s.user.fullName}`}
        />
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Ver APPA de ${s.user.fullName}`}
          onClick={() => onOpen()}
        >
          <Eye aria-hidden="true" />
          Ver
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Comentarios del APPA de ${s.user.fullName}`}
          onClick={() => onOpen('comments')}
        >
          <MessageSquare aria-hidden="true" />
          Comentarios
        </Button>
        {reviewed ? null : (
          <Button
            size="sm"
            aria-label={`Marcar Revisado el APPA de ${s.user.fullName}`}
            onClick={() => onOpen('review')}
          >
            <CircleCheck aria-hidden="true" />
            Marcar Revisado
          </Button>
        )}
      </div>
    </li>
  );
}
