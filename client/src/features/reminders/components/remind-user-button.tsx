import type { User } from '@common/schemas/auth';
import { Bell, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { defaultReminderTo } from '../api/send-reminders';
import { useReminderConfirmation } from './reminder-confirmation';

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
  const { ask, busy, dialog } = useReminderConfirmation();
  return (
    <>
      <Button
        variant={showText ? 'outline' : 'ghost'}
        size="sm"
        className={showText ? undefined : 'size-9 px-0'}
        aria-label={`Recordar a ${user.fullName}`}
        title="Recordar"
        disabled={busy}
        onClick={() => ask(defaultReminderTo([user.id], weekStart))}
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Bell aria-hidden="true" />
        )}
        {showText ? 'Recordar' : null}
      </Button>
      {dialog}
    </>
  );
}
