import { cn } from '@/lib/utils';

/** A completion rate (0 to 100) as a green bar, named for screen readers by `label`. */
export function CompletionBar({
  label,
  rate,
  className,
}: {
  label: string;
  rate: number;
  /** Its height, e.g. 'h-3'. */
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={rate}
      className={cn('h-2 overflow-hidden rounded-full bg-muted', className)}
    >
      <div className="h-full rounded-full bg-success" style={{ width: `${rate}%` }} />
    </div>
  );
}
