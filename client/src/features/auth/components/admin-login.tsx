import { landingPathFor } from '@common/roles';
import type { LoginInput } from '@common/schemas/auth';
import { ShieldCheck } from 'lucide-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { useLoginWithUsername } from '@/lib/api/login-username';
import { AuthPageShell } from './auth-page-shell';
import { LoginForm } from './login-form';
import { SsoSignIn } from './sso-sign-in';

/** /admin-login: the administrative sign-in screen. */
export function AdminLogin() {
  const navigate = useNavigate();
  const { data: user, isPending } = useCurrentUser();
  const login = useLoginWithUsername();

  if (isPending) return <FullPageSpinner />;
  if (user && login.isIdle) {
    return <Navigate to={user.mustChangePassword ? '/change-password' : '/'} replace />;
  }

  const onSubmit = (values: LoginInput) =>
    login.mutate(values, {
      onSuccess: (signedIn) => void navigate(landingPathFor(signedIn), { replace: true }),
    });

  return (
    <AuthPageShell>
      <Card className="mx-auto w-full max-w-md" data-testid="login-card">
        <CardHeader className="items-center text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <CardTitle as="h1" className="mt-2 text-2xl">
            Acceso Administrativo
          </CardTitle>
          <CardDescription>Ingresa tus credenciales para administrar el sistema.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <SsoSignIn breakGlass>
            <LoginForm
              submitLabel="Iniciar Sesión"
              pendingLabel="Iniciando sesión..."
              pending={login.isPending || login.isSuccess}
              error={login.isError ? login.error.message || 'Error al iniciar sesión' : null}
              onSubmit={onSubmit}
            />
            <p className="text-center text-sm">
              <Link
                to="/auth?modo=email"
                className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
              >
                Acceder con email
              </Link>
            </p>
          </SsoSignIn>
        </CardContent>
      </Card>
    </AuthPageShell>
  );
}
