import { percent } from '@common/percent';
import { ROLE_LABELS } from '@common/roles';
import type { HierarchyResponse, TeamMember } from '@common/schemas/dashboard';
import type { ReportSummary } from '@common/schemas/panel';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@common/date-format';
import { teamSummary } from '../lib/team-summary';
import { ReportStatusBadge } from '@/components/report-status-badge';
import { EmptyMessage } from '@/components/empty-message';
import { AreaCompletionTrendCard } from './charts/area-completion-trend';
import { PersonTrendsCard } from './charts/person-trends';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

function DirectReports({
  members,
  submissions,
  onOpen,
  memberActions,
}: {
  members: readonly TeamMember[];
  submissions: readonly ReportSummary[];
  onOpen: (submission: ReportSummary) => void;
  memberActions: ((member: TeamMember) => ReactNode) | undefined;
}) {
  const timeZone = useOrganisationTimeZone();
  if (members.length === 0) return <EmptyMessage>No tienes reportes directos</EmptyMessage>;
  return (
    <ul aria-label="Reportes directos" className="grid gap-2">
      {members.map((m) => {
        const report = submissions.find((s) => s.id === m.submissionId);
        return (
          <li
            key={m.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3"
          >
            <div className="min-w-0">
              <p className="font-medium break-words">{m.fullName}</p>
              <p className="text-xs break-words text-muted-foreground">
                {[ROLE_LABELS[m.role], m.cargo, m.unidadOrganizacional].filter(Boolean).join(' · ')}
                {m.submittedAt ? ` · Enviado ${formatDateTime(m.submittedAt, timeZone)}` : ''}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <ReportStatusBadge status={m.status} absent={m.absent} />
              {memberActions?.(m)}
              {report ? (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Ver APPA de ${m.fullName}`}
                  onClick={() => onOpen(report)}
                >
                  Ver APPA
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Mi Equipo: direct reports with this week's state, the team summary and the trends. */
export function VpTeam({
  hierarchy,
  submissions,
  onOpen,
  memberActions,
}: {
  hierarchy: HierarchyResponse;
  submissions: readonly ReportSummary[];
  onOpen: (submission: ReportSummary) => void;
  /** What the page offers on each direct report (their absences). */
  memberActions?: (member: TeamMember) => ReactNode;
}) {
  const summary = teamSummary(hierarchy);
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle as="h3" className="text-lg">
              Reportes directos
            </CardTitle>
            <CardDescription>Tu equipo directo y su APPA de la semana</CardDescription>
          </CardHeader>
          <CardContent>
            <DirectReports
              members={hierarchy.team.directReports}
              submissions={submissions}
              onOpen={onOpen}
              memberActions={memberActions}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3" className="text-lg">
              Resumen del equipo
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              {(
                [
                  ['Gerentes', summary.managers],
                  ['Líderes', summary.leaders],
                  ['Total colaboradores', summary.collaborators],
                  ['Tasa de completitud', percent(hierarchy.analytics.completionRate)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-lg bg-muted/60 p-3">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-xl font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>
      <AreaCompletionTrendCard />
      <PersonTrendsCard onOpen={onOpen} />
    </div>
  );
}
