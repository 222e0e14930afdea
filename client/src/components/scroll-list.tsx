import type { ReactNode } from 'react';

/** A list that scrolls past 24rem; focusable so that the keyboard can scroll it too. */
export function ScrollList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-96 overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <ul className="divide-y text-sm" aria-label={label}>
        {children}
      </ul>
    </div>
  );
}
