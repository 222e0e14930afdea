import { landingPathFor } from '@common/roles';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { MSG } from '@common/messages';
import { useVerifyMagicLink } from '../api/verify-magic-link';
import { AuthPageShell } from './auth-page-shell';
import { LinkFailure } from './link-failure';

/**
 * /auth/verify?token=…: the page a magic link opens. It spends the token once and lands by role;
 * when the link is not valid any more it says why and offers a new one.
 */
export function MagicLinkVerify() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const verify = useVerifyMagicLink();
  // Who is signed in is asked at start; its answer must not land after the link's and undo it.
  const { isPending: checkingSession } = useCurrentUser();
  const started = useRef(false);

  useEffect(() => {
    // Once: a token works a single time, and React may run effects twice in development.
    if (started.current || checkingSession) return;
    started.current = true;
    if (!token) return;
    verify.mutate(token, {
      onSuccess: (user) => void navigate(landingPathFor(user), { replace: true }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Magic link verification failed',
          description: error.message,
        }),
    });
  }, [token, verify, navigate, checkingSession]);

  const failure = !token ? MSG.magicLinkInvalid : verify.isError ? verify.error.message : null;

  return (
    <AuthPageShell>
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1">Acceso con enlace</CardTitle>
          <CardDescription>
            {failure ? 'No pudimos usar este enlace.' : 'Estamos verificando tu enlace de acceso.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {failure ? (
            <LinkFailure message={failure}>
              <Button asChild>
                <Link to="/auth?modo=email">Solicitar un nuevo enlace</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/auth">Ingresar con usuario y contraseña</Link>
              </Button>
            </LinkFailure>
          ) : (
            <div className="flex justify-center py-6">
              <Spinner label="Verificando enlace" />
            </div>
          )}
        </CardContent>
      </Card>
    </AuthPageShell>
  );
}
