import { SSO_MSG, ssoFailureOf } from '@common/schemas/sso';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAppConfig } from '@/lib/api/get-config';

/**
 * 'Ingresar con {proveedor}' above a sign-in form (`children`), with what went wrong when a
 * single sign-on came back without a session (`?sso=`). Under SSO-only the form shows only on
 * the break-glass page (/admin-login); elsewhere a link leads there.
 */
export function SsoChoices({
  children,
  breakGlass = false,
}: {
  children: ReactNode;
  breakGlass?: boolean;
}) {
  const config = useAppConfig().data;
  const [searchParams] = useSearchParams();
  const failure = ssoFailureOf(searchParams.get('sso'));
  const provider = config?.sso;
  if (!provider) return children;
  const only = config.ssoOnly && !breakGlass;

  return (
    <>
      {failure ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{SSO_MSG.failures[failure]}</AlertDescription>
        </Alert>
      ) : null}
      <Button asChild size="lg" variant={only ? 'default' : 'outline'} className="w-full">
        {/* A navigation, not a fetch: the browser goes to the provider and comes back. */}
        <a href="/api/auth/oidc/start">{SSO_MSG.button(provider.label)}</a>
      </Button>
      {only ? (
        <p className="text-center text-sm text-muted-foreground">
          <Link
            to="/admin-login"
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {SSO_MSG.adminAccess}
          </Link>
        </p>
      ) : (
        <>
          <p className="text-center text-xs text-muted-foreground">o</p>
          {children}
        </>
      )}
    </>
  );
}
