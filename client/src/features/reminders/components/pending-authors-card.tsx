import type { PanelAuthor, PendingAuthor } from '@common/schemas/panel';
import { weekLabel, type Week } from '@common/week';
import { BellRing, ListFilter, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { defaultReminderToPending } from '../api/send-reminders';
import { useReminderConfirmation } from './reminder-confirmation';
import { ReportStatusBadge } from '@/components/report-status-badge';
import { RemindUserButton } from './remind-user-button';

/**
 * 'Usuarios sin APPA': the first few who have not sent the week's report, each with 'Recordar';
 * remind-all; and, when there are more, 'Ver todos los pendientes', which shows the pending table.
 */
export function PendingAuthorsCard({
  preview,
  total,
  absent = [],
  week,
  onShowAll,
}: {
  preview: readonly PendingAuthor[];
  /** Everybody pending this week, the preview included. */
  total: number;
  /** Away for the whole week: listed apart, never reminded nor counted. */
  absent?: readonly PanelAuthor[];
  week: Week;
  /** Absent while the pending table is already shown. */
  onShowAll?: (() => void) | undefined;
}) {
  const { ask, busy, dialog } = useReminderConfirmation();
  return (
    <Card>
      {dialog}
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h3">Usuarios sin APPA</CardTitle>
          <CardDescription>
            {total === 1
              ? '1 persona no ha enviado su APPA de esta semana.'
              : `${total} personas no han enviado su APPA de esta semana.`}
          </CardDescription>
        </div>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => ask(defaultReminderToPending(week.weekStart))}
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <BellRing aria-hidden="true" />
          )}
          Recordar a todos
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label="Usuarios sin APPA">
          {preview.map((person) => (
            <li
              key={person.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border px-3 py-2"
            >
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-medium break-words">{person.fullName}</p>
                <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                  {person.email}
                  {person.cargo ? ` · ${person.cargo}` : ''}
                </p>
                <p className="text-xs text-muted-foreground">{weekLabel(week)}</p>
              </div>
              <ReportStatusBadge
                status={person.draft ? 'BORRADOR' : null}
                missingLabel="Sin enviar"
              />
              <RemindUserButton user={person} weekStart={week.weekStart} showText />
            </li>
          ))}
        </ul>
        {absent.length ? (
          <p className="mt-3 text-sm text-muted-foreground">
            <span className="font-medium text-foreground">Ausentes esta semana: </span>
            {absent.map((p) => p.fullName).join(', ')}
          </p>
        ) : null}
        {onShowAll && total > preview.length ? (
          <Button variant="outline" className="mt-3 w-full sm:w-auto" onClick={onShowAll}>
            <ListFilter aria-hidden="true" />
            Ver todos los pendientes ({total})
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
