import type { PendingAuthor } from '@common/schemas/panel';
import { weekLabel, type Week } from '@common/week';
import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useMarkSubmitted } from '../api/mark-submitted';

/** Marking as sent cannot be undone, so it is confirmed first. */
export function MarkSubmittedDialogBody({
  author,
  week,
  onDone,
}: {
  author: PendingAuthor;
  week: Week;
  onDone: () => void;
}) {
  const mark = useMarkSubmitted();
  return (
    <>
      <DialogHeader>
        <DialogTitle>Marcar como enviado</DialogTitle>
        <DialogDescription>
          El APPA de {author.fullName} de la {weekLabel(week)} contará como enviado. Esta acción no
          se puede deshacer.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={mark.isPending}>
            Cancelar
          </Button>
        </DialogClose>
        <Button
          disabled={mark.isPending}
          onClick={() =>
            mark.mutate({ userId: author.id, weekStart: week.weekStart }, { onSuccess: onDone })
          }
        >
          {mark.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          Marcar como enviado
        </Button>
      </DialogFooter>
    </>
  );
}
