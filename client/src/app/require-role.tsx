import { landingPathFor } from '@common/roles';
import type { NavigationAbilities } from '@common/schemas/auth';
import type { ReactNode } from 'react';
import { AccessDenied } from '@/components/access-denied';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { SignedInShell } from './signed-in-shell';

/**
 * Shows the page to those the server says may open it (the signed-in user's abilities;
 * administrators open every dashboard) and an 'Acceso Denegado' panel to anyone else. Only what
 * the interface offers: the server decides what data each person may read.
 */
export function RequireAbility({
  ability,
  deniedMessage,
  children,
}: {
  ability: keyof NavigationAbilities;
  /** Who the page is for, on the panel ('Solo VPs pueden acceder a este dashboard.'). */
  deniedMessage?: string;
  children: ReactNode;
}) {
  const user = useSignedInUser();
  const allowed = user.abilities[ability];
  return (
    <SignedInShell>
      {allowed ? (
        children
      ) : (
        <AccessDenied homePath={landingPathFor(user)} message={deniedMessage} />
      )}
    </SignedInShell>
  );
}
