import type { PendingAuthor } from '@common/schemas/panel';
import { CheckCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ReportStatusBadge } from '@/components/report-status-badge';
import { RowCheckbox, SelectableTable } from './selectable-table';

const COLUMNS = {
  person: 'Persona',
  cargo: 'Cargo',
  area: 'Unidad',
  status: 'Estado',
  actions: 'Acciones',
} as const;
const HEADERS = Object.values(COLUMNS);

/** With the 'Pendientes' filter: who has not sent, to remind them or mark them as sent. */
export function PendingTable({
  rows,
  weekStart,
  selected,
  onToggle,
  onToggleAll,
  onMarkSubmitted,
  remindButton,
}: {
  rows: readonly PendingAuthor[];
  weekStart: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (ids: readonly string[], checked: boolean) => void;
  onMarkSubmitted: (author: PendingAuthor) => void;
  /** 'Recordar' for one person about `weekStart`; the screen takes it from the reminders. */
  remindButton: (person: PendingAuthor, weekStart: string) => ReactNode;
}) {
  return (
    <SelectableTable
      label="Tabla de usuarios pendientes"
      className="min-w-[48rem]"
      headers={HEADERS}
      ids={rows.map((p) => p.id)}
      selected={selected}
      onToggleAll={onToggleAll}
    >
      {rows.map((person) => (
        <tr key={person.id} className="border-t align-middle">
          <RowCheckbox
            name={person.fullName}
            checked={selected.has(person.id)}
            onChange={() => onToggle(person.id)}
          />
          <th scope="row" className="min-w-44 px-2 py-2.5 text-left font-normal">
            <span className="block font-medium break-words">{person.fullName}</span>
            <span className="block text-muted-foreground [overflow-wrap:anywhere]">
              {person.email}
            </span>
          </th>
          <td data-label={COLUMNS.cargo} className="min-w-28 px-2 py-2.5 break-words">
            {person.cargo ?? '—'}
          </td>
          <td data-label={COLUMNS.area} className="px-2 py-2.5 break-words">
            {person.unidadOrganizacional ?? '—'}
          </td>
          <td data-label={COLUMNS.status} className="px-2 py-2.5">
            <ReportStatusBadge
              status={person.draft ? 'BORRADOR' : null}
              missingLabel="Sin enviar"
            />
          </td>
          <td data-label={COLUMNS.actions} className="px-2 py-2.5">
            <div className="flex flex-wrap items-center gap-1 sm:flex-nowrap">
              {remindButton(person, weekStart)}
              <Button
                variant="outline"
                size="sm"
                aria-label={`Marcar como enviado a ${person.fullName}`}
                onClick={() => onMarkSubmitted(person)}
              >
                <CheckCheck aria-hidden="true" />
                Marcar como enviado
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </SelectableTable>
  );
}
