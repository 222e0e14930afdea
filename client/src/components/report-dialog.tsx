import type { ReportSummary } from '@common/schemas/panel';
import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/**
 * How a screen shows one report inside the dialog. The route passes the review feature's detail
 * here, so that the lists that open a report need not know it.
 */
export type RenderDetail = (submission: ReportSummary) => ReactNode;

/** The dialog a list opens a report in; `renderDetail` draws its body. */
export function ReportDialog({
  submission,
  onClose,
  renderDetail,
}: {
  submission: ReportSummary | null;
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
