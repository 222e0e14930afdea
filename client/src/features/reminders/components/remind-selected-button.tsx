import { Bell, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { defaultReminderTo, useSendReminders } from '../api/send-reminders';

/** 'Recordar' of a selection: its authors, with the default subject and message. */
export function RemindSelectedButton({
  userIds,
  weekStart,
}: {
  userIds: readonly string[];
  weekStart: string;
}) {
  const send = useSendReminders();
  return (
    <Button
      size="sm"
      disabled={send.isPending || userIds.length === 0}
      onClick={() => send.mutate(defaultReminderTo(userIds, weekStart))}
    >
      {send.isPending ? (
        <LoaderCircle aria-hidden="true" className="animate-spin" />
      ) : (
        <Bell aria-hidden="true" />
      )}
      Recordar
    </Button>
  );
}
