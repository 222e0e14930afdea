import { weekLabel, type Week } from '@common/week';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

/** 'Semana': the current week and the three before it, each labelled by its dates. */
export function WeekSelect({
  weeks,
  value,
  onChange,
  className = 'flex-1 sm:w-96 sm:flex-none',
}: {
  weeks: readonly Week[];
  value: string;
  onChange: (weekStart: string) => void;
  /** Its width in the surrounding layout; a toolbar's by default. */
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <Label htmlFor={id}>Semana</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {weeks.map((w) => (
          <option key={w.weekStart} value={w.weekStart}>
            {weekLabel(w)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
