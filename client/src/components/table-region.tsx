import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A table box that scrolls sideways inside itself on a narrow screen, so the page never does; it
 * is focusable so that a keyboard can scroll it too.
 */
export function TableRegion({
  label,
  className,
  children,
}: {
  label: string;
  /** E.g. a maximum height, past which it scrolls down too. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'relative max-w-full overflow-x-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      {children}
    </div>
  );
}
