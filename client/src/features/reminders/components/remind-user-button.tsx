import type { User } from '@common/schemas/auth';
import { Bell, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { defaultReminderTo, useSendReminders } from '../api/send-reminders';

/**
 * 'Recordar' in a user's row: this one person, with the default subject and message; about
 * `weekStart` when given (Resumen Semanal), the current week otherwise. `showText` writes
 * 'Recordar' beside the bell instead of keeping it in the tooltip.
 */
export function RemindUserButton({
  user,
  weekStart,
  showText = false,
}: {
  user: Pick<User, 'id' | 'fullName'>;
  weekStart?: string;
  showText?: boolean;
}) {
  const send = useSendReminders();
  return (
    <Button
      variant={showText ? 'outline' : 'ghost'}
      size="sm"
      className={showText ? undefined : 'size-9 px-0'}
      aria-label={`Recordar a ${user.fullName}`}
      title="Recordar"
      disabled={send.isPending}
      onClick={() => send.mutate(defaultReminderTo([user.id], weekStart))}
    >
      {send.isPending ? (
        <LoaderCircle aria-hidden="true" className="animate-spin" />
      ) : (
        <Bell aria-hidden="true" />
      )}
      {showText ? 'Recordar' : null}
    </Button>
  );
}
