import { ROLE_LABELS } from '@common/roles';
import type { DashboardUser, TeamMember } from '@common/schemas/dashboard';
import { ArrowDown } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSignedInUser } from '@/lib/api/get-current-user';

function PersonLine({
  person,
  you = false,
}: {
  person: Pick<DashboardUser, 'fullName' | 'role' | 'cargo'>;
  you?: boolean;
}) {
  return (
    <div
      className={
        you
          ? 'min-w-0 rounded-lg border border-primary/40 bg-primary/5 px-3 py-2'
          : 'min-w-0 rounded-lg border px-3 py-2'
      }
    >
      <p className="text-sm font-medium break-words">
        {person.fullName}
        {you ? <span className="text-muted-foreground"> (tú)</span> : null}
      </p>
      <p className="text-xs break-words text-muted-foreground">
        {ROLE_LABELS[person.role]}
        {person.cargo ? ` · ${person.cargo}` : ''}
      </p>
    </div>
  );
}

/**
 * Jerarquía / Mi Jerarquía: the chain of command from the top down to the viewer, then the people
 * who report to them directly.
 */
export function ManagerChain({
  managerChain,
  directReports,
  title,
}: {
  /** From the viewer's manager up to the top, as the server sends it. */
  managerChain: readonly DashboardUser[];
  directReports: readonly TeamMember[];
  title: string;
}) {
  const user = useSignedInUser();
  const topDown = [...managerChain].reverse();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>Tu línea de mando y tu equipo directo</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ol aria-label="Línea de mando" className="grid gap-1">
          {topDown.map((person) => (
            <li key={person.id} className="grid justify-items-start gap-1">
              <PersonLine person={person} />
              <ArrowDown aria-hidden="true" className="ml-4 size-4 text-muted-foreground" />
            </li>
          ))}
          <li>
            <PersonLine person={user} you />
          </li>
        </ol>
        {topDown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tienes superiores registrados.</p>
        ) : null}
        <section aria-label="Equipo directo" className="grid gap-2">
          <h3 className="text-sm font-semibold">Equipo directo</h3>
          {directReports.length === 0 ? (
            <p className="text-sm text-muted-foreground">No tienes personas a cargo.</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2">
              {directReports.map((person) => (
                <li key={person.id}>
                  <PersonLine person={person} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
