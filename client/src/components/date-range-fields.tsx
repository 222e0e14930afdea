import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * 'Desde' and 'Hasta' side by side, or one above the other where two date boxes would not fit (a
 * phone); each picker stops at the other's date.
 */
export function DateRangeFields({
  from,
  to,
  onChange,
  className,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  className?: string;
}) {
  const fromId = useId();
  const toId = useId();
  return (
    <div className={cn('grid grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-3', className)}>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={fromId}>Desde</Label>
        <Input
          id={fromId}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => onChange({ from: e.currentTarget.value, to })}
        />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={toId}>Hasta</Label>
        <Input
          id={toId}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => onChange({ from, to: e.currentTarget.value })}
        />
      </div>
    </div>
  );
}
