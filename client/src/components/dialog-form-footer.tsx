import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';

/** Cancelar and the submit button of a form inside a dialog; the button spins while it sends. */
export function DialogFormFooter({
  disabled,
  pending = false,
  label,
  pendingLabel = label,
}: {
  disabled: boolean;
  /** A form that sends nothing itself (it opens the next step) leaves it out. */
  pending?: boolean;
  label: string;
  pendingLabel?: string;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancelar
        </Button>
      </DialogClose>
      <Button type="submit" disabled={disabled || pending}>
        {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {pending ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}
