import { Component, Suspense, useState, type ReactNode } from 'react';
import { retryableLazy, retryFailedLoads } from '@/lib/retryable-lazy';
import { useToast } from './use-toast';

const Toaster = retryableLazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

type QuietState = { failed: boolean; attempt: unknown };

/**
 * The notices' code failed to load (often the very blip a notice is about): no notice rather than
 * the page replaced by an error screen. The next notice tries again.
 */
class QuietBoundary extends Component<{ attempt: unknown; children: ReactNode }, QuietState> {
  override state: QuietState = { failed: false, attempt: this.props.attempt };

  static getDerivedStateFromError(): Partial<QuietState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { attempt: unknown },
    state: QuietState,
  ): Partial<QuietState> | null {
    if (props.attempt === state.attempt) return null;
    if (state.failed) retryFailedLoads();
    return { failed: false, attempt: props.attempt };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

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
        <QuietBoundary attempt={toasts[0]?.id}>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </QuietBoundary>
      ) : null}
    </div>
  );
}
