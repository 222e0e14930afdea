import type { User } from '@common/schemas/auth';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useUpdateUser } from '../api/update-user';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { UserFormFields, useUserForm } from './user-form-fields';

/** The body of 'Editar Usuario'; `onDone` closes the dialog after a successful save. */
export function EditUserDialogBody({
  user,
  people,
  onDone,
}: {
  user: User;
  people: readonly User[];
  onDone: () => void;
}) {
  const updateUser = useUpdateUser();
  const { form, requiredFilled } = useUserForm(user);

  const onSubmit = form.handleSubmit((input) =>
    updateUser.mutate(
      { id: user.id, input },
      {
        onSuccess: () => {
          toast({ title: 'Usuario actualizado' });
          onDone();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error al actualizar usuario',
            description: error.message,
          }),
      },
    ),
  );

  return (
    <>
      <DialogHeader>
        <DialogTitle>Editar Usuario</DialogTitle>
        <DialogDescription>{user.email}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
        <UserFormFields form={form} people={people} editingId={user.id} />
        <DialogFormFooter
          disabled={!requiredFilled}
          pending={updateUser.isPending}
          label="Guardar cambios"
          pendingLabel="Guardando..."
        />
      </form>
    </>
  );
}
