import { useAppConfig } from '@/lib/api/get-config';

/**
 * A discreet mark on every page of a demo database, so that nobody mistakes its invented people
 * and reports for real ones. It never catches a click.
 */
export function DemoMark() {
  const demo = useAppConfig().data?.demo ?? false;
  if (!demo) return null;
  return <p className="demo-mark">Demostración</p>;
}
