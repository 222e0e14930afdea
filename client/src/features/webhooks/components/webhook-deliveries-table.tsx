import { formatDateTime } from '@common/date-format';
import {
  WEBHOOK_DELIVERY_STATUS_LABEL,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@common/schemas/webhooks';
import type { UseMutationResult } from '@tanstack/react-query';
import { ColumnHeads, TableRegion } from '@/components/table-region';
import { Button } from '@/components/ui/button';
import { useOrganisationTimeZone } from '@/lib/api/get-config';
import { cn } from '@/lib/utils';

const COLUMNS = {
  endpoint: 'Webhook',
  status: 'Estado',
  attempts: 'Intentos',
  reason: 'Motivo',
  date: 'Fecha',
  actions: 'Acciones',
} as const;
const HEADERS = ['Evento', ...Object.values(COLUMNS)];

const STATUS_STYLE: Record<WebhookDeliveryStatus, string> = {
  FAILED: 'bg-destructive/10 text-destructive',
  PENDING: 'bg-secondary text-secondary-foreground',
  SENT: 'bg-success/10 text-success',
};

/**
 * 'Entregas recientes': the newest deliveries of every endpoint, failed ones first, with the
 * receiver's last answer and "Reintentar" on a failed one. Bodies are not shown: they are the
 * receivers' to read.
 */
export function WebhookDeliveriesTable({
  deliveries,
  endpoints,
  retry,
}: {
  deliveries: readonly WebhookDelivery[];
  endpoints: readonly WebhookEndpoint[];
  retry: UseMutationResult<unknown, Error, string>;
}) {
  const urlOf = new Map(endpoints.map((e) => [e.id, e.description || e.url]));
  return (
    <section aria-labelledby="webhook-deliveries-title" className="grid gap-3">
      <div className="grid gap-1">
        <h3 id="webhook-deliveries-title" className="text-base font-semibold">
          Entregas recientes
        </h3>
        <p className="text-sm text-muted-foreground">
          Una entrega que falla se reintenta sola, cada vez más espaciada; tras varios intentos
          queda como «Falló».
        </p>
      </div>
      {deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aún no hay entregas.</p>
      ) : (
        <TableRegion label="Tabla de entregas de webhooks" className="max-h-[32rem] overflow-auto">
          <table className="w-full min-w-[56rem] border-collapse text-sm">
            <ColumnHeads headers={HEADERS} />
            <tbody>
              {deliveries.map((d) => (
                <DeliveryRow
                  key={d.id}
                  delivery={d}
                  endpoint={urlOf.get(d.endpointId) ?? '—'}
                  retry={retry}
                />
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}

function DeliveryRow({
  delivery: d,
  endpoint,
  retry,
}: {
  delivery: WebhookDelivery;
  endpoint: string;
  retry: UseMutationResult<unknown, Error, string>;
}) {
  const timeZone = useOrganisationTimeZone();
  const when = d.lastAttemptAt ?? d.createdAt;
  return (
    <tr className="border-t align-top">
      <th scope="row" className="px-2 py-2 text-left font-medium">
        <code className="text-xs">{d.type}</code>
      </th>
      <td data-label={COLUMNS.endpoint} className="px-2 py-2 [overflow-wrap:anywhere]">
        {endpoint}
      </td>
      <td data-label={COLUMNS.status} className="px-2 py-2">
        <span
          className={cn(
            'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
            STATUS_STYLE[d.status],
          )}
        >
          {WEBHOOK_DELIVERY_STATUS_LABEL[d.status]}
          {d.lastStatusCode ? ` (${d.lastStatusCode})` : ''}
        </span>
      </td>
      <td data-label={COLUMNS.attempts} className="px-2 py-2 tabular-nums">
        {d.attempts}
      </td>
      <td data-label={COLUMNS.reason} className="px-2 py-2 [overflow-wrap:anywhere]">
        {d.lastError ?? '—'}
      </td>
      <td data-label={COLUMNS.date} className="px-2 py-2 whitespace-nowrap tabular-nums">
        <time dateTime={when}>{formatDateTime(when, timeZone)}</time>
      </td>
      <td data-label={COLUMNS.actions} className="px-2 py-2">
        {d.status === 'FAILED' ? (
          <Button
            size="sm"
            variant="outline"
            className="max-sm:min-h-11"
            disabled={retry.isPending && retry.variables === d.id}
            onClick={() => retry.mutate(d.id)}
          >
            Reintentar<span className="sr-only"> la entrega {d.type}</span>
          </Button>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
