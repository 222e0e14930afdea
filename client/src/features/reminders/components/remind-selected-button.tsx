import { Bell, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { defaultReminderTo } from '../api/send-reminders';
import { useReminderConfirmation } from './reminder-confirmation';

/** 'Recordar' of a selection: its authors, with the default subject and message. */
export function RemindSelectedButton({
  userIds,
  weekStart,
}: {
  userIds: readonly string[];
  weekStart: string;
}) {
  const { ask, busy, dialog } = useReminderConfirmation();
  return (
    <>
      <Button
        size="sm"
        disabled={busy || userIds.length === 0}
        onClick={() => ask(defaultReminderTo(userIds, weekStart))}
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Bell aria-hidden="true" />
        )}
        Recordar
      </Button>
      {dialog}
    </>
  );
}
