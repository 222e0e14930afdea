import type { User } from '@common/schemas/auth';
import type { CreatedUser } from '@common/schemas/users';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
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
import { useCreateUser } from '../api/create-user';
import { personalUrl } from '../lib/personal-url';
import { CopyableValue } from './one-time-secret';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { UserFormFields, useUserForm } from './user-form-fields';

/** What the administrator sees once, right after the user is created. */
function CreatedUserResult({ created }: { created: CreatedUser }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Usuario creado</DialogTitle>
        <DialogDescription>
          {created.user.fullName} recibirá un correo con sus credenciales.
        </DialogDescription>
      </DialogHeader>
      <Alert variant="success" role="status">
        <CircleCheck aria-hidden="true" />
        <AlertDescription>
          Copia la contraseña temporal ahora: no se volverá a mostrar. Deberá cambiarla en su primer
          acceso.
        </AlertDescription>
      </Alert>
      <CopyableValue
        label="Contraseña temporal"
        value={created.temporaryPassword ?? ''}
        copyLabel="Copiar contraseña temporal"
        copiedTitle="Contraseña copiada"
        monospace
      />
      <CopyableValue
        label="URL personal"
        value={personalUrl(created.user.slug)}
        copyLabel="Copiar URL personal"
        copiedTitle="URL copiado"
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button>Cerrar</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

/** The body of 'Crear Nuevo Usuario'; mounted afresh each time the dialog opens. */
export function CreateUserDialogBody({ people }: { people: readonly User[] }) {
  const createUser = useCreateUser();
  const { form, requiredFilled } = useUserForm();
  const [created, setCreated] = useState<CreatedUser | null>(null);

  if (created) return <CreatedUserResult created={created} />;

  const onSubmit = form.handleSubmit((input) =>
    createUser.mutate(input, {
      onSuccess: (result) => {
        toast({
          title: 'Usuario creado',
          description: 'El usuario recibirá un correo con sus credenciales',
        });
        setCreated(result);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error al crear usuario',
          description: error.message,
        }),
    }),
  );

  return (
    <>
      <DialogHeader>
        <DialogTitle>Crear Nuevo Usuario</DialogTitle>
        <DialogDescription>
          Se generará una contraseña temporal que deberá cambiar en su primer acceso.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
        <UserFormFields form={form} people={people} />
        <DialogFormFooter
          disabled={!requiredFilled}
          pending={createUser.isPending}
          label="Crear Usuario"
          pendingLabel="Creando..."
        />
      </form>
    </>
  );
}
