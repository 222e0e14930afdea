import { SETTABLE_USER_STATUSES, USER_STATUS_LABELS, type SettableUserStatus } from '@common/roles';
import type { UserWithCount } from '@common/schemas/users';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useUpdateUserStatus } from '../api/update-user-status';

const isSettable = (value: string): value is SettableUserStatus =>
  (SETTABLE_USER_STATUSES as readonly string[]).includes(value);

/** What the confirmation says of each change. */
const CHANGES: Record<SettableUserStatus, { title: string; body: string; action: string }> = {
  SUSPENDIDO: {
    title: '¿Suspender a',
    body: 'Se cerrarán sus sesiones, no podrá ingresar y dejará de recibir recordatorios. Sus reportes y semanas pasadas se conservan.',
    action: 'Suspender',
  },
  ACTIVO: {
    title: '¿Reactivar a',
    body: 'Podrá volver a ingresar, y se esperará su APPA desde su próxima semana completa.',
    action: 'Reactivar',
  },
};

/**
 * Activo / Suspendido for one user, when the server says the viewer may change it. Picking the other value (with the mouse or a keyboard arrow)
 * only asks: the change is sent once confirmed. A registration still waiting for its e-mailed
 * confirmation shows 'Por confirmar', which only that confirmation leaves on its own.
 */
export function UserStatusSelect({ user }: { user: UserWithCount }) {
  const updateStatus = useUpdateUserStatus();
  const [asked, setAsked] = useState<SettableUserStatus | null>(null);
  // While the change travels, show what was picked rather than jumping back.
  const shown = updateStatus.isPending ? updateStatus.variables.status : user.status;
  const change = asked ? CHANGES[asked] : null;

  const confirm = (status: SettableUserStatus) => {
    setAsked(null);
    updateStatus.mutate(
      { id: user.id, status },
      {
        onSuccess: ({ message }) => toast({ title: 'Estado actualizado', description: message }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error al actualizar estado',
            description: error.message,
          }),
      },
    );
  };

  return (
    <>
      <NativeSelect
        aria-label={`Estado de ${user.fullName}`}
        className="w-30"
        value={shown}
        // Nobody suspends themself: the server says so, and the select does not offer it.
        disabled={updateStatus.isPending || !user.abilities.suspend}
        onChange={(e) => {
          const status = e.currentTarget.value;
          if (isSettable(status) && status !== user.status) setAsked(status);
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
      <Dialog open={asked !== null} onOpenChange={(open) => !open && setAsked(null)}>
        <DialogContent>
          {asked && change ? (
            <>
              <DialogHeader>
                <DialogTitle>
                  {change.title} {user.fullName}?
                </DialogTitle>
                <DialogDescription>{change.body}</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Cancelar</Button>
                </DialogClose>
                <Button
                  variant={asked === 'SUSPENDIDO' ? 'destructive' : 'default'}
                  onClick={() => confirm(asked)}
                >
                  {change.action}
                </Button>
              </DialogFooter>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
