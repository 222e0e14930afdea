import { REDIRECT_DELAY_MS } from '@common/constants';
import { changePasswordFormSchema, type ChangePasswordForm } from '@common/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, CircleCheck, KeyRound, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { useChangePassword } from '../api/change-password';
import { AuthPageShell } from './auth-page-shell';

const REQUIREMENTS = ['Al menos 8 caracteres', 'Se recomienda combinar letras, números y símbolos'];

function ChangePasswordCard({ initiallyForced }: { initiallyForced: boolean }) {
  // Decided on arrival: the flag clears as soon as the change succeeds.
  const [forced] = useState(initiallyForced);
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: {
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
      revokeTokens: true,
    },
  });

  const succeeded = changePassword.isSuccess;
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  // The confirmation never leaves the browser.
  const onSubmit = ({ currentPassword, newPassword, revokeTokens }: ChangePasswordForm) =>
    changePassword.mutate(
      { currentPassword, newPassword, revokeTokens },
      { onSuccess: ({ message }) => toast({ title: message }) },
    );

  const busy = changePassword.isPending || succeeded;

  return (
    <Card className="mx-auto w-full max-w-md" data-testid="change-password-card">
      <CardHeader className="items-center text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <KeyRound aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="mt-2 text-2xl">
          Cambiar Contraseña
        </CardTitle>
        <CardDescription>
          {forced
            ? 'Por seguridad, debes cambiar la contraseña temporal que recibiste antes de continuar.'
            : 'Actualiza la contraseña con la que accedes al sistema.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <FormField label="Contraseña actual" error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
          <FormField label="Nueva contraseña" error={errors.newPassword?.message}>
            <PasswordInput autoComplete="new-password" {...register('newPassword')} />
          </FormField>
          <FormField label="Confirmar nueva contraseña" error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
          </FormField>

          {forced ? null : (
            // A temporary password comes with no tokens left: a reset revokes them.
            <label className="flex cursor-pointer items-start gap-3 text-sm">
              <input
                type="checkbox"
                aria-describedby="revoke-tokens-hint"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                {...register('revokeTokens')}
              />
              <span className="grid gap-1">
                <span className="font-medium leading-none">Revocar también mis tokens</span>
                <span id="revoke-tokens-hint" className="text-xs text-muted-foreground">
                  Tus tokens personales de API dejarán de funcionar; los scripts que los usan
                  necesitarán uno nuevo.
                </span>
              </span>
            </label>
          )}

          <div className="rounded-md bg-muted p-3 text-sm">
            <p id="password-requirements" className="font-medium">
              Requisitos de la contraseña:
            </p>
            <ul
              aria-labelledby="password-requirements"
              className="mt-1 list-disc pl-5 text-muted-foreground"
            >
              {REQUIREMENTS.map((requirement) => (
                <li key={requirement}>{requirement}</li>
              ))}
            </ul>
          </div>

          {changePassword.isError ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>
                {changePassword.error.message || 'Error al cambiar la contraseña'}
              </AlertDescription>
            </Alert>
          ) : null}
          {succeeded ? (
            <Alert variant="success" role="status">
              <CircleCheck aria-hidden="true" />
              <AlertDescription>
                <p>{changePassword.data.message}</p>
                <p>Redirigiendo...</p>
              </AlertDescription>
            </Alert>
          ) : null}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {forced ? null : (
              <Button variant="outline" asChild>
                <Link to="/">Cancelar</Link>
              </Button>
            )}
            <Button type="submit" disabled={busy} className={forced ? 'w-full' : undefined}>
              {changePassword.isPending ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : null}
              {changePassword.isPending ? 'Cambiando...' : 'Cambiar Contraseña'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** /change-password: forced after a temporary password, or voluntary. */
export function ChangePassword() {
  const { data: user, isPending } = useCurrentUser();

  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to="/admin-login" replace />;

  return (
    <AuthPageShell>
      <ChangePasswordCard initiallyForced={user.mustChangePassword} />
    </AuthPageShell>
  );
}
