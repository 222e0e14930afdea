import { useId } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { Label } from '@/components/ui/label';

/**
 * A value the administrator must copy now (a temporary password, a personal link): shown in a
 * read-only box that selects itself on focus, with a copy button beside it.
 */
export function CopyableValue({
  label,
  value,
  copyLabel,
  copiedTitle,
  monospace = false,
}: {
  label: string;
  value: string;
  copyLabel: string;
  copiedTitle: string;
  monospace?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex min-w-0 gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className={
            'h-10 w-full min-w-0 rounded-md border border-input bg-muted px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:text-sm' +
            (monospace ? ' font-mono tracking-wide' : '')
          }
        />
        <CopyButton text={value} label={copyLabel} copiedTitle={copiedTitle} />
      </div>
    </div>
  );
}
