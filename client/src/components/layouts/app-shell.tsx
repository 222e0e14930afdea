import { ROLE_LABELS } from '@common/roles';
import type { ReactNode } from 'react';
import { useProductName } from '@/lib/api/get-config';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { LogoutButton } from './logout-button';

/**
 * Header (product, the person's links and bell, who is signed in, Cerrar Sesión) and the page below
 * it.
 */
export function AppShell({
  nav,
  children,
}: {
  /** The signed-in person's links and bell (the app layer's PersonalLinks). */
  nav?: ReactNode;
  children: ReactNode;
}) {
  const user = useSignedInUser();
  const productName = useProductName();
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <p className="text-base font-semibold text-primary">{productName}</p>
          <div className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-x-3 gap-y-2">
            {nav}
            {/* On a phone the pages greet the person by name; the header keeps to one row. */}
            <p className="hidden min-w-0 text-right text-sm leading-tight sm:block">
              <span className="block font-medium break-words sm:truncate">{user.fullName}</span>
              <span className="block text-muted-foreground">{ROLE_LABELS[user.role]}</span>
            </p>
            <LogoutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
    </div>
  );
}
