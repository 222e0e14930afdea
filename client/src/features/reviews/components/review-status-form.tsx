import type { ReportSummary } from '@common/schemas/panel';
import { CircleCheck } from 'lucide-react';
import { useState, type Ref } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { formatDateTime } from '@common/date-format';
import { useReviewAppa } from '../api/review-appa';
import { ReviewNotesList } from './review-notes-list';
import { TextBoxForm } from './text-box-form';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

function NotesForm({
  submissionId,
  initialNotes,
  isUpdate,
  boxLabel = 'Notas de revisión (opcional)',
  label,
  onDone,
  notesRef,
}: {
  submissionId: string;
  initialNotes: string;
  isUpdate: boolean;
  boxLabel?: string;
  label: string;
  onDone?: () => void;
  notesRef?: Ref<HTMLTextAreaElement>;
}) {
  const review = useReviewAppa();
  const [notes, setNotes] = useState(initialNotes);
  return (
    <TextBoxForm
      label={boxLabel}
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

/** 'Actualizar revisión': the signed-in reviewer's own notes, the only ones they change. */
export function OwnNotesForm({
  submission,
  onDone,
}: {
  submission: ReportSummary;
  onDone: () => void;
}) {
  const me = useSignedInUser();
  const own = submission.reviewNotesHistory.find((note) => note.author?.id === me.id);
  return (
    <NotesForm
      submissionId={submission.id}
      initialNotes={own?.notes ?? ''}
      isUpdate
      boxLabel="Tus notas de revisión (opcional)"
      label="Guardar revisión"
      onDone={onDone}
    />
  );
}

/**
 * The reviewed banner (date, first reviewer, every reviewer's notes) with 'Actualizar revisión',
 * or, for a sent report not yet reviewed, the notes and 'Marcar Revisado'.
 */
export function ReviewStatus({
  submission,
  notesRef,
}: {
  submission: ReportSummary;
  notesRef?: Ref<HTMLTextAreaElement>;
}) {
  const timeZone = useOrganisationTimeZone();
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
            El {formatDateTime(submission.reviewedAt, timeZone)}
            {submission.reviewer ? ` por ${submission.reviewer.fullName}` : ''}.
          </p>
          <ReviewNotesList notes={submission.reviewNotesHistory} />
        </AlertDescription>
      </Alert>
      {!canReview ? null : updating ? (
        <OwnNotesForm submission={submission} onDone={() => setUpdating(false)} />
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
