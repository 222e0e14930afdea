import { percent } from '@common/percent';
import type { ReportSummary } from '@common/schemas/panel';
import { CircleCheck, Clock, Percent, Users } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { ReportDialog } from '@/components/report-dialog';
import { ReportList } from '@/components/report-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useHierarchy } from '@/features/dashboards/api/get-hierarchy';
import { DashboardShell, StatCard } from '@/features/dashboards/components/dashboard-shell';
import { AbsencesButton } from '@/features/absences/components/absences-button';
import { VpTeam } from '@/features/dashboards/components/vp-dashboard-team';
import { missingOfRole, reportsOfRole } from '@/features/dashboards/lib/board-reports';
import { AppaDetailDialogBody } from '@/features/reviews/components/appa-detail-dialog';
import { useWeek } from '@/features/week/api/get-week';
import { AreaWeekReports } from '@/features/week/components/area-week-page';
import { useSelectedWeek } from '@/hooks/use-selected-week';
import { RemindTeamButton } from '@/features/reminders/components/remind-team-button';
import { useSignedInUser } from '@/lib/api/get-current-user';

/** The tabs of the area's managers' and leaders' reports of the week. */
const ROLE_TABS = [
  { value: 'gerentes', label: 'Gerentes', role: 'GERENTE' },
  { value: 'lideres', label: 'Líderes', role: 'LIDER' },
] as const;

/**
 * /vp: the VP's area for a week. Cards Tu Equipo, APPAs Enviados, Pendientes, Tasa Completitud;
 * tabs Mi Equipo, APPAs por Semana, Gerentes, Líderes. A report opens in the reviews' detail
 * dialog.
 */
export function VpDashboard() {
  const user = useSignedInUser();
  const selection = useSelectedWeek(user.timezone);
  const { week } = selection;
  const hierarchy = useHierarchy(week.weekStart);
  const areaWeek = useWeek(week.weekStart, 'area');
  const [open, setOpen] = useState<ReportSummary | null>(null);
  const data = hierarchy.data;

  return (
    <DashboardShell
      title="Dashboard VP"
      week={selection}
      actions={
        user.abilities.remind ? (
          <RemindTeamButton weekStart={week.weekStart} pending={data?.analytics.pendingCount} />
        ) : null
      }
      stats={
        <>
          <StatCard
            label="Tu Equipo"
            value={data?.hierarchy.allReports}
            icon={Users}
            tone="text-primary"
            hint={data ? `${data.hierarchy.directReports} directos` : null}
          />
          <StatCard
            label="APPAs Enviados"
            value={data?.analytics.submittedCount}
            icon={CircleCheck}
            tone="text-success"
          />
          <StatCard
            label="Pendientes"
            value={data?.analytics.pendingCount}
            icon={Clock}
            tone="text-destructive"
          />
          <StatCard
            label="Tasa Completitud"
            value={data && percent(data.analytics.completionRate)}
            icon={Percent}
            tone="text-success"
          />
        </>
      }
    >
      <Tabs defaultValue="equipo" className="min-w-0">
        <TabsList aria-label="Secciones del dashboard">
          <TabsTrigger value="equipo">Mi Equipo</TabsTrigger>
          <TabsTrigger value="semana">APPAs por Semana</TabsTrigger>
          {ROLE_TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="equipo">
          <QueryState query={hierarchy}>
            {(h) => (
              <VpTeam
                hierarchy={h}
                submissions={areaWeek.data?.submissions ?? []}
                onOpen={setOpen}
                memberActions={
                  // A finished week lists who was on the team then, who may have moved since.
                  selection.isCurrent ? (m) => <AbsencesButton person={m} /> : undefined
                }
              />
            )}
          </QueryState>
        </TabsContent>
        <TabsContent value="semana">
          <AreaWeekReports weekStart={week.weekStart} onOpen={setOpen} />
        </TabsContent>
        {ROLE_TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <QueryState query={areaWeek}>
              {(w) => (
                <ReportList
                  submissions={reportsOfRole(w.submissions, tab.role)}
                  missing={missingOfRole(w, tab.role)}
                  empty={`No hay APPAs de ${tab.label} para esta semana`}
                  label={`APPAs de ${tab.label}`}
                  onOpen={setOpen}
                />
              )}
            </QueryState>
          </TabsContent>
        ))}
      </Tabs>
      <ReportDialog
        submission={open}
        onClose={() => setOpen(null)}
        renderDetail={(submission) => <AppaDetailDialogBody submission={submission} />}
      />
    </DashboardShell>
  );
}
