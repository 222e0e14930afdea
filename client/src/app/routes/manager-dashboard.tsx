import { percent } from '@common/percent';
import type { ReportSummary } from '@common/schemas/panel';
import { CircleCheck, Clock, Gauge, Users } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { ReportDialog } from '@/components/report-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useHierarchy } from '@/features/dashboards/api/get-hierarchy';
import { AreaCompletionTrendCard } from '@/features/dashboards/components/charts/area-completion-trend';
import { DashboardShell, StatCard } from '@/features/dashboards/components/dashboard-shell';
import { ManagerChain } from '@/features/dashboards/components/manager-chain';
import { ManagerPerformance } from '@/features/dashboards/components/manager-performance';
import {
  ManagerReportRows,
  ManagerReportsCard,
} from '@/features/dashboards/components/manager-reports-list';
import { AbsencesButton } from '@/features/absences/components/absences-button';
import { ManagerTeamList } from '@/features/dashboards/components/manager-team-list';
import { AppaDetailDialogBody } from '@/features/reviews/components/appa-detail-dialog';
import { AreaWeekPage } from '@/features/week/components/area-week-page';
import { useSelectedWeek } from '@/hooks/use-selected-week';
import { RemindTeamButton } from '@/features/reminders/components/remind-team-button';
import { useSignedInUser } from '@/lib/api/get-current-user';

/**
 * APPAs Semanales: the area's reports of the week, a page at a time; 'Ver' opens one in the
 * reviews' detail dialog (report, files, review, comments).
 */
function WeeklyReports({ weekStart }: { weekStart: string }) {
  const [open, setOpen] = useState<ReportSummary | null>(null);
  return (
    <>
      <ManagerReportsCard>
        <AreaWeekPage weekStart={weekStart}>
          {(submissions) => <ManagerReportRows submissions={submissions} onOpen={setOpen} />}
        </AreaWeekPage>
      </ManagerReportsCard>
      <ReportDialog
        submission={open}
        onClose={() => setOpen(null)}
        renderDetail={(submission) => <AppaDetailDialogBody submission={submission} />}
      />
    </>
  );
}

/**
 * /gerente: the cards Líderes a Cargo, APPAs Enviados, Pendientes and Performance, and the tabs
 * Mi Equipo, APPAs Semanales, Jerarquía and Performance.
 */
export function ManagerDashboardRoute() {
  const user = useSignedInUser();
  const selection = useSelectedWeek(user.timezone);
  const { week } = selection;
  const hierarchy = useHierarchy(week.weekStart);
  const data = hierarchy.data;

  return (
    <DashboardShell
      title="Dashboard Gerente"
      week={selection}
      actions={
        user.abilities.remind ? (
          <RemindTeamButton weekStart={week.weekStart} pending={data?.analytics.pendingCount} />
        ) : null
      }
      stats={
        <>
          <StatCard label="Líderes a Cargo" value={data?.hierarchy.directReports} icon={Users} />
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
            label="Performance"
            value={data && percent(data.analytics.completionRate)}
            icon={Gauge}
            tone="text-primary"
          />
        </>
      }
    >
      <Tabs defaultValue="equipo" className="min-w-0">
        <TabsList aria-label="Secciones del dashboard">
          <TabsTrigger value="equipo">Mi Equipo</TabsTrigger>
          <TabsTrigger value="semanales">APPAs Semanales</TabsTrigger>
          <TabsTrigger value="jerarquia">Jerarquía</TabsTrigger>
          <TabsTrigger value="performance">Performance</TabsTrigger>
        </TabsList>
        <TabsContent value="equipo">
          <QueryState query={hierarchy}>
            {(h) => (
              <ManagerTeamList
                members={h.team.directReports}
                memberActions={
                  // A finished week lists who was on the team then, who may have moved since.
                  selection.isCurrent ? (m) => <AbsencesButton person={m} /> : undefined
                }
              />
            )}
          </QueryState>
        </TabsContent>
        <TabsContent value="semanales">
          <WeeklyReports key={week.weekStart} weekStart={week.weekStart} />
        </TabsContent>
        <TabsContent value="jerarquia">
          <QueryState query={hierarchy}>
            {(h) => (
              <ManagerChain
                title="Jerarquía"
                managerChain={h.team.managerChain}
                directReports={h.team.directReports}
              />
            )}
          </QueryState>
        </TabsContent>
        <TabsContent value="performance">
          <QueryState query={hierarchy}>
            {(h) => (
              <ManagerPerformance analytics={h.analytics} trend={<AreaCompletionTrendCard />} />
            )}
          </QueryState>
        </TabsContent>
      </Tabs>
    </DashboardShell>
  );
}
