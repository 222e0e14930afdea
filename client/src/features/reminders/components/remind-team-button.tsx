import { BellRing, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { defaultReminderToPending } from '../api/send-reminders';
import { useReminderConfirmation } from './reminder-confirmation';

/**
 * 'Recordar a pendientes' on a dashboard: the week's pending people of the viewer's area (the
 * server keeps a VP, manager or leader to the people below them), after confirming who.
 */
export function RemindTeamButton({
  weekStart,
  pending,
}: {
  weekStart: string;
  /** The area's pending count, once known. */
  pending: number | undefined;
}) {
  const { ask, busy, dialog } = useReminderConfirmation();
  return (
    <>
      <Button
        variant="outline"
        disabled={busy || pending === 0}
        onClick={() => ask(defaultReminderToPending(weekStart))}
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <BellRing aria-hidden="true" />
        )}
        Recordar a pendientes{pending === undefined ? '' : ` (${pending})`}
      </Button>
      {dialog}
    </>
  );
}
