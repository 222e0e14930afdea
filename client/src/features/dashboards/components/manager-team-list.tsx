import type { TeamMember } from '@common/schemas/dashboard';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@common/date-format';
import { ListRow } from '@/components/list-row';
import { ReportStatusBadge } from '@/components/report-status-badge';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

/**
 * Mi Equipo of /gerente: each direct-report leader with this week's state and when they sent it;
 * `memberActions` adds what the page offers on each (their absences).
 */
export function ManagerTeamList({
  members,
  memberActions,
}: {
  members: readonly TeamMember[];
  memberActions?: (member: TeamMember) => ReactNode;
}) {
  const timeZone = useOrganisationTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mi Equipo</CardTitle>
        <CardDescription>Los líderes a tu cargo y su APPA de la semana</CardDescription>
      </CardHeader>
      <CardContent>
        {members.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tienes líderes a cargo.</p>
        ) : (
          <ul aria-label="Líderes a cargo" className="divide-y rounded-lg border">
            {members.map((member) => (
              <ListRow
                key={member.id}
                title={member.fullName}
                subtitle={`${member.cargo ?? 'Sin cargo'}${member.unidadOrganizacional ? ` · ${member.unidadOrganizacional}` : ''}`}
              >
                <ReportStatusBadge status={member.status} absent={member.absent} />
                <span className="text-sm text-muted-foreground tabular-nums">
                  {member.submittedAt
                    ? `Enviado el ${formatDateTime(member.submittedAt, timeZone)}`
                    : member.absent
                      ? 'Ausente esta semana'
                      : 'Sin enviar'}
                </span>
                {memberActions?.(member)}
              </ListRow>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
