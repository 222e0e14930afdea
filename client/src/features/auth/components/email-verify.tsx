import { MSG } from '@common/messages';
import { landingPathFor } from '@common/roles';
import { REGISTRATION_MSG, verifyEmailFormSchema } from '@common/schemas/registration';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { useVerifyEmail } from '../api/verify-email';
import { AuthPageShell } from './auth-page-shell';
import { LinkFailure } from './link-failure';

/** Answers after which this link cannot work any more; anything else lets the person try again. */
const LINK_UNUSABLE: readonly string[] = [
  REGISTRATION_MSG.linkInvalid,
  REGISTRATION_MSG.linkExpired,
  MSG.userSuspended,
];

/**
 * /auth/verify-email?token=…: the page the registration e-mail opens. The password chosen when
 * registering confirms the address (so the link alone activates nothing), then the person lands
 * by role. A link that no longer works says why and what to do.
 */
export function EmailVerify() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(verifyEmailFormSchema),
    defaultValues: { password: '' },
  });

  const refusal = verify.isError ? verify.error.message : null;
  const failure = !token
    ? REGISTRATION_MSG.linkInvalid
    : refusal && LINK_UNUSABLE.includes(refusal)
      ? refusal
      : null;

  const onSubmit = handleSubmit(({ password }) =>
    verify.mutate(
      { token, password },
      { onSuccess: (user) => void navigate(landingPathFor(user), { replace: true }) },
    ),
  );
  const busy = verify.isPending || verify.isSuccess;

  return (
    <AuthPageShell>
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1">Confirma tu correo</CardTitle>
          <CardDescription>
            {failure
              ? 'No pudimos usar este enlace.'
              : 'Ingresa la contraseña que elegiste al registrarte para activar tu cuenta.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {failure ? (
            <LinkFailure message={failure}>
              <Button asChild>
                <Link to="/auth">Ir al inicio de sesión</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/auth?modo=registro">Crear una cuenta</Link>
              </Button>
            </LinkFailure>
          ) : (
            <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
              <FormField
                label="Contraseña"
                error={errors.password?.message ?? refusal ?? undefined}
              >
                <PasswordInput autoComplete="current-password" {...register('password')} />
              </FormField>
              <Button type="submit" size="lg" disabled={busy}>
                {busy ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : (
                  <MailCheck aria-hidden="true" />
                )}
                {busy ? 'Confirmando...' : 'Confirmar y entrar'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthPageShell>
  );
}
