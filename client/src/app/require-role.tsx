import { landingPathFor, type Role } from '@common/roles';
import type { ReactNode } from 'react';
import { AccessDenied } from '@/components/access-denied';
import { AppShell } from '@/components/layouts/app-shell';
import { useSignedInUser } from '@/lib/api/get-current-user';

/**
 * Shows the page to the roles it is for (administrators may open every dashboard) and an
 * 'Acceso Denegado' panel to anyone else. Only what the interface offers: the server decides what
 * data each person may read.
 */
export function RequireRole({
  roles,
  deniedMessage,
  children,
}: {
  roles: readonly Role[];
  /** Who the page is for, on the panel ('Solo VPs pueden acceder a este dashboard.'). */
  deniedMessage?: string;
  children: ReactNode;
}) {
  const user = useSignedInUser();
  const allowed = user.role === 'ADMIN' || roles.includes(user.role);
  return (
    <AppShell>
      {allowed ? (
        children
      ) : (
        <AccessDenied homePath={landingPathFor(user)} message={deniedMessage} />
      )}
    </AppShell>
  );
}
