import {
  MAIL_KIND_LABEL,
  MAIL_STATUS_LABEL,
  type MailQueueEntry,
  type MailStatus,
} from '@common/schemas/mail';
import { CircleAlert } from 'lucide-react';
import { ColumnHeads, TableRegion } from '@/components/table-region';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@common/date-format';
import { cn } from '@/lib/utils';
import { useMailQueue } from '../api/get-mail-queue';
import { useRetryMail } from '../api/retry-mail';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

const COLUMNS = {
  subject: 'Asunto',
  kind: 'Tipo',
  status: 'Estado',
  attempts: 'Intentos',
  reason: 'Motivo',
  date: 'Fecha',
  actions: 'Acciones',
} as const;
const HEADERS = ['Destinatario', ...Object.values(COLUMNS)];

const STATUS_STYLE: Record<MailStatus, string> = {
  FAILED: 'bg-destructive/10 text-destructive',
  PENDING: 'bg-secondary text-secondary-foreground',
  SENT: 'bg-success/10 text-success',
};

/**
 * 'Cola de correos': every message the server sends, failed ones first, then the newest, with
 * why a failed one failed and "Reintentar". Bodies are never shown here: some carry a secret.
 */
export function MailQueueTable() {
  const queue = useMailQueue();
  if (queue.isPending) return <Spinner label="Cargando la cola de correos..." />;
  if (queue.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>
          No se pudo cargar la cola de correos. {queue.error.message}
        </AlertDescription>
      </Alert>
    );
  }
  const { counts, messages, transport } = queue.data;
  return (
    <section aria-labelledby="mail-queue-title" className="grid gap-3">
      <div className="grid gap-1">
        <h3 id="mail-queue-title" className="text-base font-semibold">
          Cola de correos
        </h3>
        <p className="text-sm text-muted-foreground">
          {transport === 'smtp'
            ? 'Los correos salen por el servidor SMTP configurado.'
            : 'Sin servidor SMTP: cada correo se guarda como archivo y se lee en «Correos enviados».'}{' '}
          Un correo que no se pudo enviar se reintenta solo; tras varios intentos queda como
          «Falló».
        </p>
        <p className="text-sm">
          <span className="font-medium">{counts.pending}</span> pendiente
          {counts.pending === 1 ? '' : 's'} ·{' '}
          <span className={cn('font-medium', counts.failed > 0 && 'text-destructive')}>
            {counts.failed}
          </span>{' '}
          fallido{counts.failed === 1 ? '' : 's'}
        </p>
      </div>
      {messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aún no se ha enviado ningún correo.</p>
      ) : (
        <TableRegion label="Tabla de la cola de correos" className="max-h-[32rem] overflow-auto">
          <table className="w-full min-w-[56rem] border-collapse text-sm">
            <ColumnHeads headers={HEADERS} />
            <tbody>
              {messages.map((m) => (
                <MailRow key={m.id} message={m} />
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}

function MailRow({ message: m }: { message: MailQueueEntry }) {
  const timeZone = useOrganisationTimeZone();
  const retry = useRetryMail();
  const onRetry = () =>
    retry.mutate(m.id, {
      onSuccess: (result) => toast({ title: 'Correo en cola', description: result.message }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'No se pudo reintentar el correo',
          description: error.message,
        }),
    });
  const when = m.sentAt ?? m.createdAt;
  return (
    <tr className="border-t align-top">
      <th scope="row" className="px-2 py-2 text-left font-medium [overflow-wrap:anywhere]">
        {m.to}
      </th>
      <td data-label={COLUMNS.subject} className="px-2 py-2 break-words">
        {m.subject}
      </td>
      <td data-label={COLUMNS.kind} className="px-2 py-2">
        {MAIL_KIND_LABEL[m.kind]}
      </td>
      <td data-label={COLUMNS.status} className="px-2 py-2">
        <span
          className={cn(
            'inline-block rounded-full px-2 py-0.5 text-xs font-medium',
            STATUS_STYLE[m.status],
          )}
        >
          {MAIL_STATUS_LABEL[m.status]}
        </span>
      </td>
      <td data-label={COLUMNS.attempts} className="px-2 py-2 tabular-nums">
        {m.attempts}
      </td>
      <td data-label={COLUMNS.reason} className="px-2 py-2 break-words">
        {m.lastError ?? '—'}
      </td>
      <td data-label={COLUMNS.date} className="px-2 py-2 whitespace-nowrap tabular-nums">
        <time dateTime={when}>{formatDateTime(when, timeZone)}</time>
      </td>
      <td data-label={COLUMNS.actions} className="px-2 py-2">
        {m.status === 'FAILED' ? (
          <Button
            size="sm"
            variant="outline"
            className="max-sm:min-h-11"
            disabled={retry.isPending}
            onClick={onRetry}
          >
            Reintentar<span className="sr-only"> el correo a {m.to}</span>
          </Button>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
