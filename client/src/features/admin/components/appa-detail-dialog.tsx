import type { PanelSubmission } from '@common/schemas/panel';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/**
 * The body of the APPA detail dialog (spec 2 §2 "Modals"): status, dates, KPI, the four sections,
 * the review banner, review comments and tasks. Mounted inside a DialogContent by the tab that
 * opens it (Resumen Semanal, Revisión de APPAs, later the dashboards).
 *
 * Placeholder until the detail dialog lands; the signature is the contract.
 */
export function AppaDetailDialogBody({ submission }: { submission: PanelSubmission }) {
  return (
    <DialogHeader>
      <DialogTitle>APPA de {submission.user.fullName}</DialogTitle>
      <DialogDescription>{submission.avances}</DialogDescription>
    </DialogHeader>
  );
}
