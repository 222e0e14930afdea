import {
  registerFormSchema,
  type RegisterForm as RegisterValues,
} from '@common/schemas/registration';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, MailCheck, UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { useRegister } from '../api/register';

/**
 * 'Crear una cuenta': the new person's data. Success signs nobody in: it says to open the link
 * e-mailed to the address, whether or not that address could register.
 */
export function RegisterForm({ onBack }: { onBack: () => void }) {
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { fullName: '', email: '', username: '', password: '', confirmPassword: '' },
  });

  if (registration.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert variant="success" role="status">
          <MailCheck aria-hidden="true" />
          <AlertTitle>Revisa tu correo</AlertTitle>
          <AlertDescription>
            <p>{registration.data.message}</p>
            <p>Abre el enlace e ingresa la contraseña que elegiste para activar tu cuenta.</p>
          </AlertDescription>
        </Alert>
        <Button variant="outline" onClick={onBack}>
          Volver al inicio de sesión
        </Button>
      </div>
    );
  }

  // The confirmation never leaves the browser.
  const onSubmit = handleSubmit(({ fullName, email, username, password }: RegisterValues) =>
    registration.mutate(
      { fullName, email, username, password },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Registration failed',
            description: error.message,
          }),
      },
    ),
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <FormField label="Nombre completo" error={errors.fullName?.message}>
        <Input autoComplete="name" {...register('fullName')} />
      </FormField>
      <FormField label="Correo electrónico" error={errors.email?.message}>
        <Input type="email" autoComplete="email" autoCapitalize="none" {...register('email')} />
      </FormField>
      <FormField
        label="Usuario"
        hint="Con él ingresarás al sistema; no puede ser un correo."
        error={errors.username?.message}
      >
        <Input
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...register('username')}
        />
      </FormField>
      <FormField label="Contraseña" hint="Al menos 8 caracteres." error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label="Confirmar contraseña" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" disabled={registration.isPending}>
        {registration.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <UserPlus aria-hidden="true" />
        )}
        {registration.isPending ? 'Creando cuenta...' : 'Crear cuenta'}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Ya tengo una cuenta
      </Button>
    </form>
  );
}
