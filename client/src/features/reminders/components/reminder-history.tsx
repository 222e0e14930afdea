import type { ReminderType } from '@common/roles';
import { CircleAlert } from 'lucide-react';
import { ColumnHeads, TableRegion } from '@/components/table-region';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@common/date-format';
import { useReminders } from '../api/get-reminders';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

const TYPE_LABELS: Record<ReminderType, string> = { MANUAL: 'Manual', AUTO: 'Automático' };
const COLUMNS = {
  date: 'Fecha',
  recipient: 'Destinatario',
  subject: 'Asunto',
  type: 'Tipo',
  sentBy: 'Enviado por',
} as const;
const HEADERS = Object.values(COLUMNS);

/** 'Historial de recordatorios': the latest reminders, newest first, in the viewer's time. */
export function ReminderHistory() {
  const reminders = useReminders();
  const timeZone = useOrganisationTimeZone();
  return (
    <section aria-labelledby="reminder-history-title" className="grid gap-3">
      <h3 id="reminder-history-title" className="text-base font-semibold">
        Historial de recordatorios
      </h3>
      {reminders.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Cargando recordatorios" />
        </div>
      ) : reminders.isError ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>
            No se pudo cargar el historial. {reminders.error.message}
          </AlertDescription>
        </Alert>
      ) : reminders.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aún no se han enviado recordatorios.</p>
      ) : (
        <TableRegion label="Historial de recordatorios" className="max-h-96 overflow-auto">
          <table className="w-full min-w-[40rem] border-collapse text-sm">
            <ColumnHeads headers={HEADERS} />
            <tbody>
              {reminders.data.map((r) => (
                <tr key={r.id} className="border-t align-top">
                  <td
                    data-label={COLUMNS.date}
                    className="px-2 py-2 whitespace-nowrap tabular-nums"
                  >
                    {formatDateTime(r.sentAt, timeZone)}
                  </td>
                  <th scope="row" className="px-2 py-2 text-left font-normal">
                    <span className="block font-medium">{r.recipient.fullName}</span>
                    <span className="block text-muted-foreground [overflow-wrap:anywhere]">
                      {r.recipient.email}
                    </span>
                  </th>
                  <td data-label={COLUMNS.subject} className="px-2 py-2 break-words">
                    {r.emailSubject}
                  </td>
                  <td data-label={COLUMNS.type} className="px-2 py-2">
                    {TYPE_LABELS[r.type]}
                  </td>
                  <td data-label={COLUMNS.sentBy} className="px-2 py-2">
                    {r.sentBy?.fullName ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
