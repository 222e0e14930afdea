import type { ReportSummary } from '@common/schemas/panel';
import { CircleCheck } from 'lucide-react';
import { useState, type Ref } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useReviewAppa } from '../api/review-appa';
import { TextBoxForm } from './text-box-form';

function NotesForm({
  submissionId,
  initialNotes,
  isUpdate,
  label,
  onDone,
  notesRef,
}: {
  submissionId: string;
  initialNotes: string;
  isUpdate: boolean;
  label: string;
  onDone?: () => void;
  notesRef?: Ref<HTMLTextAreaElement>;
}) {
  const review = useReviewAppa();
  const [notes, setNotes] = useState(initialNotes);
  return (
    <TextBoxForm
      label="Notas de revisión (opcional)"
      boxRef={notesRef}
      value={notes}
      onChange={setNotes}
      submitLabel={label}
      submitDisabled={review.isPending}
      onSubmit={() => review.mutate({ submissionId, notes, isUpdate }, { onSuccess: onDone })}
      onCancel={onDone}
    />
  );
}

/**
 * The reviewed banner (date, reviewer, notes) with 'Actualizar revisión', or, for a sent report
 * not yet reviewed, the notes and 'Marcar Revisado'.
 */
export function ReviewStatus({
  submission,
  notesRef,
}: {
  submission: ReportSummary;
  notesRef?: Ref<HTMLTextAreaElement>;
}) {
  const [updating, setUpdating] = useState(false);
  if (submission.status !== 'ENVIADO') {
    return <p className="text-sm text-muted-foreground">Solo se puede revisar un APPA enviado.</p>;
  }
  const canReview = submission.abilities.review;
  if (!submission.reviewedAt) {
    if (!canReview) return <p className="text-sm text-muted-foreground">Sin revisar.</p>;
    return (
      <NotesForm
        submissionId={submission.id}
        initialNotes=""
        isUpdate={false}
        label="Marcar Revisado"
        notesRef={notesRef}
      />
    );
  }
  return (
    <div className="grid gap-3">
      <Alert variant="success">
        <CircleCheck aria-hidden="true" />
        <AlertTitle>Revisado</AlertTitle>
        <AlertDescription>
          <p>
            El {formatDateTime(submission.reviewedAt)}
            {submission.reviewer ? ` por ${submission.reviewer.fullName}` : ''}.
          </p>
          {submission.reviewNotes ? (
            <p className="break-words whitespace-pre-wrap">{submission.reviewNotes}</p>
          ) : null}
        </AlertDescription>
      </Alert>
      {!canReview ? null : updating ? (
        <NotesForm
          submissionId={submission.id}
          initialNotes={submission.reviewNotes ?? ''}
          isUpdate
          label="Guardar revisión"
          onDone={() => setUpdating(false)}
        />
      ) : (
        <div>
          <Button variant="outline" size="sm" onClick={() => setUpdating(true)}>
            Actualizar revisión
          </Button>
        </div>
      )}
    </div>
  );
}
