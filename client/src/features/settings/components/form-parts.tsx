import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

/** A titled group of settings. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4 border-t pt-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A labelled checkbox: the whole row toggles it, the hint is its description. */
export function Toggle({
  label,
  hint,
  ...field
}: { label: string; hint: string } & UseFormRegisterReturn) {
  const hintId = `${field.name}-hint`;
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md border p-3 hover:bg-muted/50">
      <input
        type="checkbox"
        aria-describedby={hintId}
        className="mt-0.5 size-4 shrink-0 accent-primary"
        {...field}
      />
      <span className="grid gap-1">
        <span className="text-sm leading-none font-medium">{label}</span>
        <span id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </span>
      </span>
    </label>
  );
}

/** A settings form's submit button, at its end, 'Guardando...' while it saves. */
export function SaveButton({
  label,
  pending,
  disabled,
}: {
  label: string;
  pending: boolean;
  disabled: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="submit" disabled={disabled || pending}>
        {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {pending ? 'Guardando...' : label}
      </Button>
    </div>
  );
}

/** What a settings form says once PUT /api/settings answers. */
export const savedToasts = {
  onSuccess: () => toast({ title: 'Configuración guardada' }),
  onError: (error: Error) =>
    toast({
      variant: 'destructive',
      title: 'Error al guardar la configuración',
      description: error.message,
    }),
};
