import type { PanelSubmission } from '@common/schemas/panel';
import { CircleCheck, Clock, Percent, Users } from 'lucide-react';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAreaWeek } from '../api/get-area-week';
import { useHierarchy } from '../api/get-hierarchy';
import { useSelectedWeek } from '@/hooks/use-selected-week';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { reportsOfRole } from '../lib/board-reports';
import { AreaWeekReports } from './area-week-page';
import { QueryState } from '@/components/query-state';
import { ReportDialog, type RenderDetail } from '@/components/report-dialog';
import { ReportList } from '@/components/report-list';
import { DashboardShell, StatCard } from './dashboard-shell';
import { VpTeam } from './vp-dashboard-team';

/** The tabs of the area's managers' and leaders' reports of the week. */
const ROLE_TABS = [
  { value: 'gerentes', label: 'Gerentes', role: 'GERENTE' },
  { value: 'lideres', label: 'Líderes', role: 'LIDER' },
] as const;

/**
 * /vp (spec 2 §2 "VP dashboard"): the VP's area for a week. Cards Tu Equipo, APPAs Enviados,
 * Pendientes, Tasa Completitud; tabs Mi Equipo, APPAs por Semana, Gerentes, Líderes.
 */
export function VpDashboard({ renderDetail }: { renderDetail: RenderDetail }) {
  const selection = useSelectedWeek(useSignedInUser().timezone);
  const { week } = selection;
  const hierarchy = useHierarchy(week.weekStart);
  const areaWeek = useAreaWeek(week.weekStart);
  const [open, setOpen] = useState<PanelSubmission | null>(null);
  const data = hierarchy.data;

  return (
    <DashboardShell
      title="Dashboard VP"
      week={selection}
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
            value={data && `${data.analytics.completionRate}%`}
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
                  empty={`No hay APPAs de ${tab.label} para esta semana`}
                  label={`APPAs de ${tab.label}`}
                  onOpen={setOpen}
                />
              )}
            </QueryState>
          </TabsContent>
        ))}
      </Tabs>
      <ReportDialog submission={open} onClose={() => setOpen(null)} renderDetail={renderDetail} />
    </DashboardShell>
  );
}
