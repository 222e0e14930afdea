import { Info } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { localDateTime } from '@common/date-format';
import type { LocalCopy } from '../lib/local-copy';

/**
 * Text this browser kept that never reached the server (a reload, a crash, a new version) is back
 * in the form; the person keeps it (it is saved at once) or discards it (the saved draft comes
 * back). Nothing is saved until they choose or edit.
 */
export function RecoveredNotice({
  copy,
  overNewer,
  timeZone,
  onKeep,
  onDiscard,
}: {
  copy: LocalCopy;
  overNewer: boolean;
  timeZone: string;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const { date, time } = localDateTime(copy.at, timeZone);
  return (
    <Alert
      role="region"
      aria-labelledby="recovered-title"
      className="border-primary/40 bg-primary/5"
    >
      <Info aria-hidden="true" />
      <AlertTitle id="recovered-title">Recuperamos texto que no se había guardado</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>
          Lo escribiste en este navegador el {date} a las {time} y no llegó a guardarse. Ya está de
          nuevo en el formulario.
          {overNewer
            ? ' Tu borrador se guardó después desde otro lugar: si conservas este texto, reemplazará esa versión.'
            : null}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button type="button" size="sm" onClick={onKeep}>
            Conservar y guardar
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
            Descartar
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
