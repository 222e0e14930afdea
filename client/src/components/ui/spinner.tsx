import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ className, label = 'Cargando' }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('inline-flex', className)}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
    </div>
  );
}

/** Centred in the viewport: what a page shows while the signed-in user is not yet known. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  );
}
