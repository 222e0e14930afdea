import type { ReactNode } from 'react';

/** What a list says when it has nothing to show, in a dashed box where the rows would be. */
export function EmptyMessage({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}
