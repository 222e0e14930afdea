import type { PendingAuthor, ReportSummary } from '@common/schemas/panel';
import type { Week } from '@common/week';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import {
  AppaDetailDialogBody,
  type DetailFocus,
} from '@/features/reviews/components/appa-detail-dialog';
import { SubmissionFilesDialogBody } from '@/features/reviews/components/submission-files-dialog';
import { MarkSubmittedDialogBody } from '@/features/week/components/mark-submitted-dialog';

export type OpenDialog =
  | { kind: 'detail'; submission: ReportSummary; focus?: DetailFocus }
  | { kind: 'files'; submission: ReportSummary }
  | { kind: 'mark'; author: PendingAuthor };

/**
 * The dialogs the summary's rows open: a report, its files, or marking someone's report as sent.
 * Its own module, loaded once the summary shows: the panel's first load does not wait for it.
 */
export function SummaryDialog({
  dialog,
  week,
  current,
  onClose,
  onMarked,
}: {
  dialog: OpenDialog | null;
  week: Week;
  /** The report as the latest poll of the page has it. */
  current: (submission: ReportSummary) => ReportSummary;
  onClose: () => void;
  onMarked: (author: PendingAuthor) => void;
}) {
  return (
    <Dialog open={dialog !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className={dialog?.kind === 'detail' ? 'sm:max-w-3xl' : undefined}>
        {dialog?.kind === 'detail' ? (
          <AppaDetailDialogBody submission={current(dialog.submission)} focus={dialog.focus} />
        ) : null}
        {dialog?.kind === 'files' ? (
          <SubmissionFilesDialogBody submission={dialog.submission} />
        ) : null}
        {dialog?.kind === 'mark' ? (
          <MarkSubmittedDialogBody
            author={dialog.author}
            week={week}
            onDone={() => onMarked(dialog.author)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
