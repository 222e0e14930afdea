import { Suspense, type ReactNode } from 'react';
import { useAppConfig } from '@/lib/api/get-config';
import { retryableLazy } from '@/lib/retryable-lazy';

/*
 * The single sign-on button and its texts are fetched only from a server with a provider: the
 * sign-in page, which every visit starts on, carries nothing of them otherwise.
 */
const SsoChoices = retryableLazy(() =>
  import('./sso-choices').then((m) => ({ default: m.SsoChoices })),
);

/**
 * A sign-in form (`children`), with 'Ingresar con {proveedor}' above it when the server has a
 * provider. While that part arrives the form shows as it is, except where SSO-only hides it.
 */
export function SsoSignIn({
  children,
  breakGlass = false,
}: {
  children: ReactNode;
  breakGlass?: boolean;
}) {
  const config = useAppConfig().data;
  if (!config?.sso) return children;
  return (
    <Suspense fallback={config.ssoOnly && !breakGlass ? null : children}>
      <SsoChoices breakGlass={breakGlass}>{children}</SsoChoices>
    </Suspense>
  );
}
