import { formatDateTime } from '@common/date-format';
import { CirclePause, LoaderCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useOrganisationTimeZone } from '@/lib/api/get-config';
import { useJobsStatus } from '../api/get-jobs-status';
import { useResumeJobs } from '../api/resume-jobs';

/**
 * Configuración's notice while scheduled jobs are paused (a database restored from a backup), with
 * the button that resumes them; nothing otherwise.
 */
export function JobsPausedNotice() {
  const status = useJobsStatus();
  const resume = useResumeJobs();
  const timeZone = useOrganisationTimeZone();
  if (status.data?.state !== 'paused') return null;
  const { pausedSince, archiveCreatedAt } = status.data;

  const onResume = () =>
    resume.mutate(undefined, {
      onSuccess: () => toast({ title: 'Tareas programadas reanudadas' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'No se pudieron reanudar las tareas programadas',
          description: error.message,
        }),
    });

  return (
    <Alert
      role="region"
      className="border-primary/40 bg-accent"
      aria-labelledby="jobs-paused-title"
    >
      <CirclePause aria-hidden="true" />
      <AlertTitle id="jobs-paused-title" className="text-base">
        Tareas programadas en pausa
      </AlertTitle>
      <AlertDescription className="space-y-3">
        <p>
          Esta base de datos se restauró desde un respaldo
          {archiveCreatedAt ? ` del ${formatDateTime(archiveCreatedAt, timeZone)}` : ''}
          {pausedSince ? ` (restaurada el ${formatDateTime(pausedSince, timeZone)})` : ''}. Mientras
          las tareas estén en pausa no se envían recordatorios automáticos, resúmenes ni los correos
          que quedaron en cola, y no se hace la limpieza.
        </p>
        <p>
          Revisa los datos y la configuración antes de reanudarlas: al reanudar se enviarán los
          correos pendientes del respaldo.
        </p>
        <Button onClick={onResume} disabled={resume.isPending}>
          {resume.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Reanudar tareas programadas
        </Button>
      </AlertDescription>
    </Alert>
  );
}
