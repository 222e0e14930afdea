import type { PanelSubmission } from '@common/schemas/panel';
import { CircleCheck, FilePen, FileText, Percent } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { useHierarchy } from '../api/get-hierarchy';
import { useSelectedWeek } from '@/hooks/use-selected-week';
import { QueryState } from '@/components/query-state';
import { ReportDialog, type RenderDetail } from '@/components/report-dialog';
import { AreaWeekReports } from './area-week-page';
import { BoardDetailedReportsTab } from './board-dashboard-reports';
import { BoardRoleAnalysis } from './board-dashboard-roles';
import { BoardSummary } from './board-dashboard-summary';
import { DashboardShell, StatCard } from './dashboard-shell';

/**
 * /consejo (spec 2 §2 "Board dashboard"): the week's figures of the whole organisation and the
 * tabs Resumen Ejecutivo, APPAs por Semana, Análisis por Rol and Reportes Detallados.
 * `renderDetail` shows one report (the app layer passes the APPA detail dialog's body);
 * `aside` goes above the tabs ('Mis tareas').
 */
export function BoardDashboard({
  renderDetail,
  aside,
}: {
  renderDetail: RenderDetail;
  aside?: ReactNode;
}) {
  const user = useSignedInUser();
  const selection = useSelectedWeek(user.timezone);
  const { week } = selection;
  const hierarchy = useHierarchy(week.weekStart);
  const [open, setOpen] = useState<PanelSubmission | null>(null);
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
            value={analytics && `${analytics.completionRate}%`}
            icon={Percent}
            tone="text-success"
            hint={
              analytics ? `${analytics.submittedCount} de ${analytics.expected} esperados` : null
            }
          />
        </>
      }
    >
      {aside}
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
          <BoardDetailedReportsTab weekStart={week.weekStart} onOpen={setOpen} />
        </TabsContent>
      </Tabs>
      <ReportDialog submission={open} onClose={() => setOpen(null)} renderDetail={renderDetail} />
    </DashboardShell>
  );
}
