import type { User } from '@common/schemas/auth';
import { CircleCheck, LoaderCircle } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useResetUserPassword } from '../api/reset-user-password';
import { CopyableValue } from './one-time-secret';

/**
 * The body of 'Cambiar Contraseña': a confirmation, then the new temporary password, shown once
 * (the mutation's answer lives only as long as the dialog is open).
 */
export function ResetPasswordDialogBody({ user }: { user: User }) {
  const reset = useResetUserPassword();

  if (reset.isSuccess) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Cambiar Contraseña</DialogTitle>
          <DialogDescription>Nueva contraseña temporal de {user.fullName}.</DialogDescription>
        </DialogHeader>
        <Alert variant="success" role="status">
          <CircleCheck aria-hidden="true" />
          <AlertDescription>
            Copia la contraseña temporal ahora: no se volverá a mostrar. Deberá cambiarla en su
            próximo acceso.
          </AlertDescription>
        </Alert>
        <CopyableValue
          label="Contraseña temporal"
          value={reset.data.temporaryPassword}
          copyLabel="Copiar contraseña temporal"
          copiedTitle="Contraseña copiada"
          monospace
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button>Cerrar</Button>
          </DialogClose>
        </DialogFooter>
      </>
    );
  }

  const confirm = () =>
    reset.mutate(user.id, {
      onSuccess: ({ message }) => toast({ title: 'Contraseña actualizada', description: message }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error al actualizar contraseña',
          description: error.message,
        }),
    });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Cambiar Contraseña</DialogTitle>
        <DialogDescription>
          Se generará una contraseña temporal para {user.fullName} ({user.email}). Su contraseña
          actual dejará de funcionar y deberá cambiar la nueva en su próximo acceso.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancelar
          </Button>
        </DialogClose>
        <Button type="button" onClick={confirm} disabled={reset.isPending}>
          {reset.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {reset.isPending ? 'Generando...' : 'Generar contraseña temporal'}
        </Button>
      </DialogFooter>
    </>
  );
}
