import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The notices' code (Radix Toast) arrives with the first notice: most visits never show one, and
 * the sign-in page must stay within its JavaScript budget. Once loaded it stays, so the
 * notices region and its F8 hotkey work from then on.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  // Present from the start: a modal dialog hides from assistive technology everything but what
  // carries aria-live when it opens (the aria-hidden package), so notices that arrive while it
  // is open must land inside an element that was already there. "off" is the default: no effect.
  return (
    <div aria-live="off">
      {needed ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </div>
  );
}
