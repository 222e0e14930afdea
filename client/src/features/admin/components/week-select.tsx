import { weekLabel, type Week } from '@common/week';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

/** 'Semana': the current week and the three before it, labelled as spec 2 §2 shows them. */
export function WeekSelect({
  weeks,
  value,
  onChange,
}: {
  weeks: readonly Week[];
  value: string;
  onChange: (weekStart: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 flex-1 gap-1.5 sm:w-96 sm:flex-none">
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
