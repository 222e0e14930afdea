import { SETTABLE_USER_STATUSES, USER_STATUS_LABELS, type SettableUserStatus } from '@common/roles';
import type { User } from '@common/schemas/auth';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useUpdateUserStatus } from '../api/update-user-status';

const isSettable = (value: string): value is SettableUserStatus =>
  (SETTABLE_USER_STATUSES as readonly string[]).includes(value);

/**
 * Activo / Suspendido for one user; the change is sent at once. A registration still waiting for
 * its e-mailed confirmation shows 'Por confirmar', which only that confirmation leaves on its own.
 */
export function UserStatusSelect({ user }: { user: User }) {
  const updateStatus = useUpdateUserStatus();
  // While the change travels, show what was picked rather than jumping back.
  const shown = updateStatus.isPending ? updateStatus.variables.status : user.status;

  return (
    <NativeSelect
      aria-label={`Estado de ${user.fullName}`}
      className="w-30"
      value={shown}
      disabled={updateStatus.isPending}
      onChange={(e) => {
        const status = e.currentTarget.value;
        if (!isSettable(status) || status === user.status) return;
        updateStatus.mutate(
          { id: user.id, status },
          {
            onSuccess: ({ message }) =>
              toast({ title: 'Estado actualizado', description: message }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Error al actualizar estado',
                description: error.message,
              }),
          },
        );
      }}
    >
      {user.status === 'PENDIENTE' ? (
        <option value="PENDIENTE" disabled>
          {USER_STATUS_LABELS.PENDIENTE}
        </option>
      ) : null}
      {SETTABLE_USER_STATUSES.map((status) => (
        <option key={status} value={status}>
          {USER_STATUS_LABELS[status]}
        </option>
      ))}
    </NativeSelect>
  );
}
