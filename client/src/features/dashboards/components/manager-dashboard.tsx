import { CircleCheck, Clock, Gauge, Users } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useHierarchy } from '../api/get-hierarchy';
import { useSelectedWeek } from '@/hooks/use-selected-week';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { QueryState } from '@/components/query-state';
import { type RenderDetail } from '@/components/report-dialog';
import { AreaCompletionTrendCard } from './charts/area-completion-trend';
import { DashboardShell, StatCard } from './dashboard-shell';
import { ManagerChain } from './manager-chain';
import { ManagerPerformance } from './manager-performance';
import { ManagerReportsList } from './manager-reports-list';
import { ManagerTeamList } from './manager-team-list';

/**
 * /gerente (spec 2 §2 "Manager dashboard"): the cards Líderes a Cargo, APPAs Enviados, Pendientes
 * and Performance, and the tabs Mi Equipo, APPAs Semanales, Jerarquía and Performance.
 */
export function ManagerDashboard({
  renderDetail,
}: {
  /** The detail of one report of the area, opened from APPAs Semanales. */
  renderDetail: RenderDetail;
}) {
  const selection = useSelectedWeek(useSignedInUser().timezone);
  const { week } = selection;
  const hierarchy = useHierarchy(week.weekStart);
  const data = hierarchy.data;

  return (
    <DashboardShell
      title="Dashboard Gerente"
      week={selection}
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
            value={data && `${data.analytics.completionRate}%`}
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
            {(h) => <ManagerTeamList members={h.team.directReports} />}
          </QueryState>
        </TabsContent>
        <TabsContent value="semanales">
          <ManagerReportsList
            key={week.weekStart}
            weekStart={week.weekStart}
            renderDetail={renderDetail}
          />
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
