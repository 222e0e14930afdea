import { landingPathFor, personalLandingPathFor } from '@common/roles';
import type { LoginInput } from '@common/schemas/auth';
import { ChartColumn, ClipboardList, Info, LayoutDashboard, LifeBuoy, Mail } from 'lucide-react';
import { Suspense, useDeferredValue } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { useAppConfig, useProductName } from '@/lib/api/get-config';
import { useLoginWithUsername } from '@/lib/api/login-username';
import { AuthPageShell, BrandMark } from './auth-page-shell';
import { LoginForm } from './login-form';
import { MagicLinkForm } from './magic-link-form';
import { SsoSignIn } from './sso-sign-in';
import { retryableLazy } from '@/lib/retryable-lazy';

const FEATURES = [
  {
    icon: ClipboardList,
    title: 'Avances y planes',
    text: 'Registra cada semana lo que lograste y lo que harás a continuación.',
  },
  {
    icon: LifeBuoy,
    title: 'Problemas y ayuda',
    text: 'Comunica los obstáculos y pide apoyo a tiempo a tu equipo.',
  },
  {
    icon: ChartColumn,
    title: 'KPIs y métricas',
    text: 'Da seguimiento a tus indicadores con metas y porcentajes de logro.',
  },
  {
    icon: LayoutDashboard,
    title: 'Gestión centralizada',
    text: 'Líderes, gerencia y consejo revisan los reportes en un solo lugar.',
  },
] as const;

// Loaded only when asked for: /auth, where most visits start, stays within its JavaScript budget.
const RegisterForm = retryableLazy(() =>
  import('./register-form').then((m) => ({ default: m.RegisterForm })),
);

type Mode = 'password' | 'email' | 'registro';

const HEADINGS: Record<Mode, { title: string; description: string }> = {
  password: {
    title: 'Acceso al Sistema',
    description: 'Ingresa tu usuario y contraseña para continuar.',
  },
  email: {
    title: 'Acceder con email',
    description: 'Ingresa el correo de tu cuenta y te enviaremos un enlace de acceso.',
  },
  registro: {
    title: 'Crear una cuenta',
    description: 'Completa tus datos y te enviaremos un enlace para confirmar tu correo.',
  },
};

/**
 * The general sign-in screen (/auth); /auth?modo=email opens 'Acceder con email' and
 * /auth?modo=registro 'Crear una cuenta', each when the settings offer it.
 */
export function CredentialsLogin() {
  const navigate = useNavigate();
  const productName = useProductName();
  const config = useAppConfig().data;
  const magicLinks = config?.magicLinksEnabled ?? false;
  const registration = config?.registrationEnabled ?? false;
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('modo');
  const mode: Mode =
    magicLinks && asked === 'email'
      ? 'email'
      : registration && asked === 'registro'
        ? 'registro'
        : 'password';
  const setMode = (next: Mode) =>
    setSearchParams(next === 'password' ? {} : { modo: next }, { replace: true });
  const { data: user, isPending } = useCurrentUser();
  // Once nobody is found signed in, the screen is drawn in a render React may interrupt (a
  // deferred one), not in one long task; the spinner stays until then.
  const waiting = useDeferredValue(isPending);
  const login = useLoginWithUsername();

  if (waiting) return <FullPageSpinner />;
  // Someone already signed in who opens this screen. Not while this screen is signing someone in:
  // then the landing is by role (below), not the personal one.
  if (user && login.isIdle) return <Navigate to={personalLandingPathFor(user)} replace />;

  const onSubmit = (values: LoginInput) =>
    login.mutate(values, {
      onSuccess: (signedIn) => void navigate(landingPathFor(signedIn), { replace: true }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error de inicio de sesión',
          description: error.message,
        }),
    });

  return (
    <AuthPageShell>
      <header className="mb-8 text-center">
        <BrandMark />
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{productName}</h1>
        <p className="mt-1 text-lg text-muted-foreground">Reportes Semanales</p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-2 lg:gap-10">
        <Card className="w-full lg:order-2" data-testid="login-card">
          <CardHeader>
            <CardTitle>{HEADINGS[mode].title}</CardTitle>
            <CardDescription>
              {mode === 'password' && config?.ssoOnly
                ? 'Ingresa con la cuenta de tu organización.'
                : HEADINGS[mode].description}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            {mode === 'email' ? (
              <MagicLinkForm onBack={() => setMode('password')} />
            ) : mode === 'registro' ? (
              <Suspense fallback={<Spinner className="justify-self-center" />}>
                <RegisterForm onBack={() => setMode('password')} />
              </Suspense>
            ) : (
              <SsoSignIn>
                <LoginForm
                  submitLabel="Acceder"
                  pendingLabel="Accediendo..."
                  pending={login.isPending || login.isSuccess}
                  onSubmit={onSubmit}
                />
                <p className="flex gap-2 rounded-md bg-muted p-3 text-sm text-muted-foreground">
                  <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  <span>
                    En tu primer acceso el sistema te pedirá cambiar la contraseña inicial por una
                    propia.
                  </span>
                </p>
                {magicLinks || registration ? (
                  <div className="flex flex-wrap justify-center gap-x-4">
                    {magicLinks ? (
                      <Button variant="link" onClick={() => setMode('email')}>
                        <Mail aria-hidden="true" />
                        Acceder con email
                      </Button>
                    ) : null}
                    {registration ? (
                      <Button variant="link" onClick={() => setMode('registro')}>
                        Crear una cuenta
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </SsoSignIn>
            )}
          </CardContent>
        </Card>

        <section aria-labelledby="features-title" className="lg:order-1 lg:pt-4">
          <h2 id="features-title" className="text-xl font-semibold">
            Tu reporte semanal, en un solo lugar
          </h2>
          <ul className="mt-5 grid gap-4">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4 rounded-lg bg-card/70 p-4 shadow-xs">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="font-medium">{title}</h3>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </AuthPageShell>
  );
}
