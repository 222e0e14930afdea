import type { WeekPage } from '@common/schemas/panel';
import type { ReactNode } from 'react';
import { ScrollList } from '@/components/scroll-list';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/** One live figure of a control page; '—' until it has arrived. */
export function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card className="gap-0 p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-bold tabular-nums">{value ?? '—'}</p>
    </Card>
  );
}

/** 'Pendientes de enviar': the people of the week's page who have not sent, and how many more. */
export function PendingCard({ week }: { week: WeekPage | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pendientes de enviar</CardTitle>
      </CardHeader>
      <CardContent>
        {!week ? (
          <Spinner />
        ) : week.pending.length === 0 ? (
          <p className="text-sm text-muted-foreground">Todos enviaron su APPA esta semana.</p>
        ) : (
          <ScrollList label="Pendientes">
            {week.pending.map((person) => (
              <li key={person.id} className="flex justify-between gap-2 py-2">
                <span className="min-w-0 truncate">{person.fullName}</span>
                <span className="shrink-0 text-muted-foreground">
                  {person.draft ? 'Borrador' : 'Sin APPA'}
                </span>
              </li>
            ))}
            {week.total > week.pending.length ? (
              <li className="py-2 text-muted-foreground">
                y {week.total - week.pending.length} más
              </li>
            ) : null}
          </ScrollList>
        )}
      </CardContent>
    </Card>
  );
}
