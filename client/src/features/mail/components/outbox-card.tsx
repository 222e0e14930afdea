import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@common/date-format';
import { useOutbox } from '../api/get-outbox';
import { useOutboxMessage } from '../api/get-outbox-message';
import { MailQueueTable } from './mail-queue-table';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

/**
 * 'Correos': the mail queue, in either mode, and, when there is no SMTP server, 'Correos enviados',
 * the outbox folder with each message's text.
 */
export function OutboxCard() {
  const outbox = useOutbox();
  const timeZone = useOrganisationTimeZone();
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Correos</CardTitle>
        <CardDescription>
          Credenciales, enlaces de acceso, recordatorios, resúmenes y avisos que el sistema envía.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <MailQueueTable />
        {outbox.isPending ? (
          <Spinner label="Cargando correos..." />
        ) : outbox.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{outbox.error.message}</AlertDescription>
          </Alert>
        ) : !outbox.data.enabled ? null : (
          <section aria-labelledby="outbox-title" className="grid gap-3">
            <h3 id="outbox-title" className="text-base font-semibold">
              Correos enviados
            </h3>
            {outbox.data.messages.length === 0 ? (
              <p className="text-sm text-muted-foreground">Aún no se ha enviado ningún correo.</p>
            ) : (
              <ul
                aria-label="Correos enviados"
                className="max-h-96 divide-y overflow-y-auto rounded-md border"
              >
                {outbox.data.messages.map((m) => (
                  <li key={m.id}>
                    <button
                      type="button"
                      onClick={() => setOpenId(m.id)}
                      className="grid w-full min-w-0 gap-0.5 px-3 py-2 text-left hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none"
                    >
                      <span className="truncate text-sm font-medium">{m.subject}</span>
                      <span className="flex min-w-0 flex-wrap gap-x-2 text-xs text-muted-foreground">
                        <span className="truncate">{m.to}</span>
                        <time dateTime={m.date}>{formatDateTime(m.date, timeZone)}</time>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </CardContent>
      <Dialog open={openId !== null} onOpenChange={(open) => (open ? null : setOpenId(null))}>
        <DialogContent>{openId ? <OutboxMessageBody id={openId} /> : null}</DialogContent>
      </Dialog>
    </Card>
  );
}

function OutboxMessageBody({ id }: { id: string }) {
  const message = useOutboxMessage(id);
  const timeZone = useOrganisationTimeZone();
  if (message.isPending) {
    return (
      <>
        <DialogTitle className="sr-only">Correo</DialogTitle>
        <Spinner label="Cargando correo..." />
      </>
    );
  }
  if (message.isError) {
    return (
      <>
        <DialogTitle>Correo</DialogTitle>
        <Alert variant="destructive">
          <AlertDescription>{message.error.message}</AlertDescription>
        </Alert>
      </>
    );
  }
  const { subject, from, to, date, text } = message.data;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{subject}</DialogTitle>
        <DialogDescription>{formatDateTime(date, timeZone)}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">De</dt>
        <dd className="min-w-0 break-words">{from}</dd>
        <dt className="font-medium">Para</dt>
        <dd className="min-w-0 break-words">{to}</dd>
      </dl>
      <pre className="max-h-96 overflow-auto rounded-md border bg-muted/40 p-3 font-sans text-sm break-words whitespace-pre-wrap">
        {text}
      </pre>
    </>
  );
}
