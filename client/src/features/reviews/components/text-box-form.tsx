import { useId, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

/**
 * A labelled box of text with its submit button and, optionally, 'Cancelar': the review notes and
 * the review comments. The box is at least 100 px high, room for a few lines.
 */
export function TextBoxForm({
  label,
  hideLabel = false,
  value,
  onChange,
  placeholder,
  boxRef,
  submitLabel,
  submitDisabled,
  onSubmit,
  onCancel,
}: {
  label: string;
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  boxRef?: Ref<HTMLTextAreaElement>;
  submitLabel: string;
  submitDisabled: boolean;
  onSubmit: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Label htmlFor={id} className={cn(hideLabel && 'sr-only')}>
        {label}
      </Label>
      <Textarea
        id={id}
        ref={boxRef}
        className="min-h-[100px]"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" size="sm" onClick={onCancel}>
            Cancelar
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
