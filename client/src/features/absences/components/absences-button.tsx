import { CalendarOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { AbsencesPanel } from './absences-card';

/**
 * 'Ausencias' beside someone on a team list: their manager (anyone above them) records and removes
 * their days away, as they would themselves on Mis reportes. The server checks who may.
 */
export function AbsencesButton({ person }: { person: { id: string; fullName: string } }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Ausencias de ${person.fullName}`}>
          <CalendarOff aria-hidden="true" />
          Ausencias
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Ausencias de {person.fullName}</DialogTitle>
          <DialogDescription>
            Las semanas completas dentro de una ausencia no se esperan: no recibe recordatorios ni
            cuenta como pendiente.
          </DialogDescription>
        </DialogHeader>
        <AbsencesPanel userId={person.id} fullName={person.fullName} />
      </DialogContent>
    </Dialog>
  );
}
