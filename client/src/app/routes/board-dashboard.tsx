import { percent } from '@common/percent';
import type { ReportSummary } from '@common/schemas/panel';
import { CircleCheck, FilePen, FileText, Percent } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { ReportDialog } from '@/components/report-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useHierarchy } from '@/features/dashboards/api/get-hierarchy';
import { BoardDetailedReports } from '@/features/dashboards/components/board-dashboard-reports';
import { BoardRoleAnalysis } from '@/features/dashboards/components/board-dashboard-roles';
import { BoardSummary } from '@/features/dashboards/components/board-dashboard-summary';
import { DashboardShell, StatCard } from '@/features/dashboards/components/dashboard-shell';
import { AppaDetailDialogBody } from '@/features/reviews/components/appa-detail-dialog';
import { MyTasksCard } from '@/features/reviews/components/my-tasks-card';
import { useWeek } from '@/features/week/api/get-week';
import { AreaWeekReports } from '@/features/week/components/area-week-page';
import { useSelectedWeek } from '@/hooks/use-selected-week';
import { useSignedInUser } from '@/lib/api/get-current-user';

type OpenReport = (submission: ReportSummary) => void;

/** Reportes Detallados loads the whole week, and only once the tab is opened. */
function DetailedReportsTab({ weekStart, onOpen }: { weekStart: string; onOpen: OpenReport }) {
  const week = useWeek(weekStart, 'area');
  return (
    <QueryState query={week}>
      {(data) => <BoardDetailedReports key={data.weekStart} week={data} onOpen={onOpen} />}
    </QueryState>
  );
}

/**
 * /consejo: the week's figures of the whole organisation and the tabs Resumen Ejecutivo, APPAs por
 * Semana, Análisis por Rol and Reportes Detallados, with the board's review tasks ('Mis tareas')
 * above them. A report opens in the reviews' detail dialog.
 */
export function BoardDashboard() {
  const user = useSignedInUser();
  const selection = useSelectedWeek(user.timezone);
  const { week } = selection;
  const hierarchy = useHierarchy(week.weekStart);
  const [open, setOpen] = useState<ReportSummary | null>(null);
  const analytics = hierarchy.data?.analytics;

  return (
    <DashboardShell
      title="Dashboard Consejo Directivo"
      week={selection}
      stats={
        <>
          <StatCard
            label="Total APPAs"
            value={analytics?.totalSubmissions}
            icon={FileText}
            tone="text-primary"
          />
          <StatCard
            label="Enviados"
            value={analytics?.submittedCount}
            icon={CircleCheck}
            tone="text-success"
          />
          <StatCard
            label="Borradores"
            value={analytics?.draftCount}
            icon={FilePen}
            tone="text-primary"
          />
          <StatCard
            label="Tasa de Envío (%)"
            value={analytics && percent(analytics.completionRate)}
            icon={Percent}
            tone="text-success"
            hint={
              analytics ? `${analytics.submittedCount} de ${analytics.expected} esperados` : null
            }
          />
        </>
      }
    >
      <MyTasksCard />
      <Tabs defaultValue="resumen" className="min-w-0">
        <TabsList aria-label="Secciones del dashboard">
          <TabsTrigger value="resumen">Resumen Ejecutivo</TabsTrigger>
          <TabsTrigger value="semana">APPAs por Semana</TabsTrigger>
          <TabsTrigger value="roles">Análisis por Rol</TabsTrigger>
          <TabsTrigger value="reportes">Reportes Detallados</TabsTrigger>
        </TabsList>
        <TabsContent value="resumen">
          <QueryState query={hierarchy}>
            {(data) => <BoardSummary analytics={data.analytics} />}
          </QueryState>
        </TabsContent>
        <TabsContent value="semana">
          <AreaWeekReports weekStart={week.weekStart} onOpen={setOpen} />
        </TabsContent>
        <TabsContent value="roles">
          <BoardRoleAnalysis weeks={selection.weeks} onOpen={setOpen} />
        </TabsContent>
        <TabsContent value="reportes">
          <DetailedReportsTab weekStart={week.weekStart} onOpen={setOpen} />
        </TabsContent>
      </Tabs>
      <ReportDialog
        submission={open}
        onClose={() => setOpen(null)}
        renderDetail={(submission) => <AppaDetailDialogBody submission={submission} />}
      />
    </DashboardShell>
  );
}
