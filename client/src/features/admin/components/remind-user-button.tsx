import { DEFAULT_REMINDER_MESSAGE, DEFAULT_REMINDER_SUBJECT } from '@common/schemas/reminders';
import type { User } from '@common/schemas/auth';
import { Bell, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSendReminders } from '../api/send-reminders';

/** 'Recordar' in a user's row: this one person, with the default subject and message. */
export function RemindUserButton({ user }: { user: Pick<User, 'id' | 'fullName'> }) {
  const send = useSendReminders();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="size-9 px-0"
      aria-label={`Recordar a ${user.fullName}`}
      title="Recordar"
      disabled={send.isPending}
      onClick={() =>
        send.mutate({
          type: 'specific',
          userIds: [user.id],
          subject: DEFAULT_REMINDER_SUBJECT,
          message: DEFAULT_REMINDER_MESSAGE,
        })
      }
    >
      {send.isPending ? (
        <LoaderCircle aria-hidden="true" className="animate-spin" />
      ) : (
        <Bell aria-hidden="true" />
      )}
    </Button>
  );
}
