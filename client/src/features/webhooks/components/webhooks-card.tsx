import { formatDateTime } from '@common/date-format';
import {
  WEBHOOK_DELIVERY_STATUS_LABEL,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@common/schemas/webhooks';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useOrganisationTimeZone } from '@/lib/api/get-config';
import { cn } from '@/lib/utils';
import { useWebhookChanges, useWebhooks } from '../api/webhooks';
import { WebhookDeliveriesTable } from './webhook-deliveries-table';

/**
 * 'Webhooks': the addresses other systems gave to be told of events. A new endpoint's signing
 * secret is shown once, right after it is registered, with a button to copy it; the list shows
 * each endpoint's events, whether it is active (or why the server stopped sending to it) and its
 * last delivery; below, the newest deliveries with "Reintentar" for the failed ones.
 */
export function WebhooksCard() {
  const webhooks = useWebhooks();
  const changes = useWebhookChanges();
  const { create } = changes;
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['report.sent']);
  const [secret, setSecret] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSecret(null);
    create.mutate(
      { url, description, events },
      {
        onSuccess: (answer) => {
          setSecret(answer.secret);
          setUrl('');
          setDescription('');
        },
      },
    );
  };
  const toggle = (type: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, type] : current.filter((e) => e !== type)));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          Avisan a otros sistemas cuando ocurre algo en el sistema (un APPA enviado, una tarea
          completada…). Cada aviso lleva solo identificadores y va firmado con el secreto del
          webhook; si el receptor falla, se reintenta solo.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <form onSubmit={submit} className="grid gap-4" aria-label="Registrar webhook">
            <FormField label="URL" hint="La dirección HTTPS que recibirá los avisos.">
              <Input
                type="url"
                inputMode="url"
                placeholder="https://"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                maxLength={2000}
                required
              />
            </FormField>
            <FormField label="Descripción (opcional)">
              <Input
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                maxLength={200}
              />
            </FormField>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Eventos</legend>
              {WEBHOOK_EVENTS.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={events.includes(type)}
                    onChange={(e) => toggle(type, e.target.checked)}
                  />
                  {WEBHOOK_EVENT_LABELS[type]}{' '}
                  <code className="text-xs text-muted-foreground">{type}</code>
                </label>
              ))}
            </fieldset>
            {create.isError ? (
              <Alert variant="destructive">
                <AlertDescription>{create.error.message}</AlertDescription>
              </Alert>
            ) : null}
            <Button type="submit" disabled={create.isPending} className="justify-self-start">
              {create.isPending ? 'Registrando...' : 'Registrar webhook'}
            </Button>
          </form>

          <div className="grid min-w-0 gap-4">
            {secret ? (
              <Alert>
                <AlertDescription className="grid gap-2">
                  <span>
                    Copia el secreto de firma ahora: no se volverá a mostrar. El receptor lo usa
                    para comprobar que cada aviso viene de este sistema.
                  </span>
                  <span className="flex min-w-0 items-center gap-2">
                    <code className="min-w-0 break-all rounded bg-muted px-2 py-1 text-xs">
                      {secret}
                    </code>
                    <CopyButton
                      text={secret}
                      label="Copiar secreto"
                      copiedTitle="Secreto copiado"
                    />
                  </span>
                </AlertDescription>
              </Alert>
            ) : null}

            {webhooks.isPending ? (
              <Spinner label="Cargando webhooks..." />
            ) : webhooks.isError ? (
              <Alert variant="destructive">
                <AlertDescription>{webhooks.error.message}</AlertDescription>
              </Alert>
            ) : webhooks.data.endpoints.length === 0 ? (
              <p className="text-sm text-muted-foreground">Aún no hay webhooks.</p>
            ) : (
              <ul aria-label="Webhooks" className="divide-y rounded-md border">
                {webhooks.data.endpoints.map((endpoint) => (
                  <EndpointItem key={endpoint.id} endpoint={endpoint} changes={changes} />
                ))}
              </ul>
            )}
          </div>
        </div>

        {webhooks.isSuccess && webhooks.data.endpoints.length > 0 ? (
          <WebhookDeliveriesTable
            deliveries={webhooks.data.deliveries}
            endpoints={webhooks.data.endpoints}
            retry={changes.retry}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function EndpointItem({
  endpoint,
  changes,
}: {
  endpoint: WebhookEndpoint;
  changes: ReturnType<typeof useWebhookChanges>;
}) {
  const timeZone = useOrganisationTimeZone();
  const [confirming, setConfirming] = useState(false);
  const { remove, reactivate, ping } = changes;
  const busy = (m: { isPending: boolean; variables?: string | undefined }) =>
    m.isPending && m.variables === endpoint.id;
  const last = endpoint.lastDelivery;
  const name = endpoint.description || endpoint.url;
  return (
    <li className="grid gap-1 px-3 py-2 text-sm">
      <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <span className="font-medium [overflow-wrap:anywhere]">{endpoint.url}</span>
        <span
          className={cn(
            'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
            endpoint.enabled ? 'bg-success/10 text-success' : 'bg-destructive/10 text-destructive',
          )}
        >
          {endpoint.enabled ? 'Activo' : 'Desactivado'}
        </span>
      </span>
      {endpoint.description ? (
        <span className="text-xs text-muted-foreground">{endpoint.description}</span>
      ) : null}
      <span className="text-xs text-muted-foreground">
        {endpoint.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}
      </span>
      {!endpoint.enabled && endpoint.disabledReason ? (
        <span className="text-xs text-destructive">
          Desactivado
          {endpoint.disabledAt ? ` el ${formatDateTime(endpoint.disabledAt, timeZone)}` : ''}:{' '}
          {endpoint.disabledReason}
        </span>
      ) : null}
      <span className="text-xs text-muted-foreground">
        {last
          ? `Último envío: ${WEBHOOK_DELIVERY_STATUS_LABEL[last.status]}${
              last.lastStatusCode ? ` (${last.lastStatusCode})` : ''
            } · ${formatDateTime(last.lastAttemptAt ?? last.createdAt, timeZone)}`
          : 'Sin envíos'}
        {endpoint.enabled && endpoint.consecutiveFailures > 0
          ? ` · ${endpoint.consecutiveFailures} fallo${endpoint.consecutiveFailures === 1 ? '' : 's'} seguido${endpoint.consecutiveFailures === 1 ? '' : 's'}`
          : ''}
      </span>
      {confirming ? (
        <span className="flex flex-wrap items-center gap-2">
          <span>¿Eliminar el webhook «{name}»? Se perderán sus entregas.</span>
          <Button
            size="sm"
            variant="destructive"
            onClick={() => remove.mutate(endpoint.id)}
            disabled={busy(remove)}
          >
            Eliminar
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            Cancelar
          </Button>
        </span>
      ) : (
        <span className="flex flex-wrap items-center gap-2">
          {endpoint.enabled ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => ping.mutate(endpoint.id)}
              disabled={busy(ping)}
            >
              Enviar prueba
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              onClick={() => reactivate.mutate(endpoint.id)}
              disabled={busy(reactivate)}
            >
              Reactivar
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Eliminar
          </Button>
        </span>
      )}
    </li>
  );
}
