import type { SharedSubmission } from '@common/schemas/dashboard';
import { weekLabel } from '@common/week';
import { useEffect, useRef, type ComponentType, type RefObject } from 'react';
import { ReportFacts, ReportSection, ReportSections } from '@/components/report-sections';
import { Button } from '@/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { PERMISSION_LABELS } from '../lib/share-form';

/** The comment thread of a report and the box that 'Comentar' focuses; supplied by the app layer. */
export type CommentsComponent = ComponentType<{
  submissionId: string;
  canComment: boolean;
  boxRef: RefObject<HTMLTextAreaElement | null>;
}>;

/**
 * A report another leader shared, read-only: its state, the four sections and, when the share
 * allows it, the comments with the box to add one.
 */
export function LeaderSharedReport({
  submission,
  focusComment,
  comments: Comments,
}: {
  submission: SharedSubmission;
  focusComment: boolean;
  comments: CommentsComponent;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  const canComment = submission.abilities.comment;

  useEffect(() => {
    if (!focusComment) return;
    // After the dialog's own focus trap has placed the focus on open.
    const frame = requestAnimationFrame(() => {
      box.current?.scrollIntoView({ block: 'center' });
      box.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [focusComment]);

  return (
    <>
      <DialogHeader>
        <DialogTitle>APPA de {submission.user.fullName}</DialogTitle>
        <DialogDescription>
          {weekLabel(submission)} · Compartido por {submission.share.sharedBy.fullName}
        </DialogDescription>
      </DialogHeader>
      <ReportFacts
        submission={submission}
        extraLabel="Permiso"
        extra={PERMISSION_LABELS[submission.share.permission]}
      />
      <ReportSections report={submission} ayudaTitle="Ayuda Necesaria" />
      <ReportSection title="Comentarios">
        {canComment ? (
          <Comments submissionId={submission.id} canComment boxRef={box} />
        ) : (
          <p className="text-sm text-muted-foreground">
            Solo lectura: este APPA se compartió contigo sin permiso para comentar.
          </p>
        )}
      </ReportSection>
      <DialogFooter className="border-t pt-4">
        <DialogClose asChild>
          <Button>Cerrar</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
