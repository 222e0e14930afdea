import type { ReactNode } from 'react';

/** The backdrop shared by the sign-in screens. */
export function AuthPageShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-gradient-to-br from-slate-50 via-blue-50 to-indigo-100">
      <main className="mx-auto flex min-h-dvh w-full max-w-5xl flex-col justify-center px-4 py-8 sm:px-6 sm:py-12">
        {children}
      </main>
    </div>
  );
}

export function BrandMark() {
  return (
    <div
      aria-hidden="true"
      className="mx-auto flex size-12 items-center justify-center rounded-xl bg-primary text-lg font-bold text-primary-foreground shadow-md"
    >
      A
    </div>
  );
}
