import { useAppConfig } from '@/lib/api/get-config';

/**
 * A discreet mark on every page of a demo database, so that nobody mistakes its invented people
 * and reports for real ones. It never catches a click.
 */
export function DemoMark() {
  const demo = useAppConfig().data?.demo ?? false;
  if (!demo) return null;
  return (
    <p className="pointer-events-none fixed bottom-2 left-2 z-30 rounded-full border border-amber-300 bg-amber-50/90 px-2.5 py-0.5 text-xs font-medium text-amber-900 shadow-sm print:hidden">
      Demostración
    </p>
  );
}
