import { personalLandingPathFor } from '@common/roles';
import type { LoginInput } from '@common/schemas/auth';
import { UserRound } from 'lucide-react';
import { Navigate, useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useProductName } from '@/lib/api/get-config';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { usePublicUser } from '@/lib/api/get-public-user';
import { useLoginWithUsername } from '@/lib/api/login-username';
import { UserNotFound } from '@/components/user-not-found';
import { AuthPageShell } from './auth-page-shell';
import { LoginForm } from './login-form';
import { SsoSignIn } from './sso-sign-in';

const INVALID_CREDENTIALS = 'Usuario o contraseña incorrectos';

/**
 * What to tell the person after a failed sign-in. Wrong credentials always read the same; a wait
 * imposed after too many attempts (429) or a suspended account (403) are told as the server words
 * them, since retrying would not help.
 */
function loginErrorMessage(error: Error): string {
  if (!(error instanceof ApiError)) return INVALID_CREDENTIALS;
  if (error.isNetworkError) return error.message;
  if (error.status === 429 || error.status === 403) return error.message;
  return INVALID_CREDENTIALS;
}

function Loading() {
  return (
    <AuthPageShell>
      <p role="status" className="text-center text-muted-foreground">
        Cargando...
      </p>
    </AuthPageShell>
  );
}

/** /appa/{slug}: the personal sign-in link of one person. */
export function PersonalLogin({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const productName = useProductName();
  const currentUser = useCurrentUser();
  const owner = usePublicUser(slug);
  const login = useLoginWithUsername();

  if (currentUser.isPending) return <Loading />;
  if (currentUser.data && login.isIdle) {
    return <Navigate to={personalLandingPathFor(currentUser.data)} replace />;
  }
  if (owner.isPending) return <Loading />;
  if (owner.isError) throw owner.error;

  if (owner.data === null) {
    return (
      <AuthPageShell>
        <UserNotFound slug={slug} />
      </AuthPageShell>
    );
  }

  const onSubmit = (values: LoginInput) =>
    login.mutate(values, {
      onSuccess: (signedIn) => void navigate(personalLandingPathFor(signedIn), { replace: true }),
    });

  return (
    <AuthPageShell>
      <Card className="mx-auto w-full max-w-md" data-testid="login-card">
        <CardHeader className="items-center text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <UserRound aria-hidden="true" className="size-6" />
          </span>
          <CardTitle as="h1" className="mt-2 text-2xl">
            Acceso al Sistema
          </CardTitle>
          <CardDescription>{productName}</CardDescription>
          <p className="mt-2 text-base">
            Hola, <span className="font-semibold">{owner.data.fullName}</span>. Ingresa para
            completar tu reporte semanal.
          </p>
        </CardHeader>
        <CardContent className="grid gap-5">
          <SsoSignIn>
            <LoginForm
              submitLabel="Ingresar"
              pendingLabel="Ingresando..."
              pending={login.isPending || login.isSuccess}
              error={login.isError ? loginErrorMessage(login.error) : null}
              onSubmit={onSubmit}
            />
          </SsoSignIn>
        </CardContent>
      </Card>
    </AuthPageShell>
  );
}
