import { FileText, Share2, UserCheck, Users } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useHierarchy } from '@/features/dashboards/api/get-hierarchy';
import { DashboardShell, StatCard } from '@/features/dashboards/components/dashboard-shell';
import { ManagerChain } from '@/features/dashboards/components/manager-chain';
import { ReviewComments } from '@/features/reviews/components/review-comments';
import { usePeers } from '@/features/shares/api/get-peers';
import { LeaderOwnReport } from '@/features/shares/components/leader-own-report';
import { LeaderPeers } from '@/features/shares/components/leader-peers';
import { LeaderSharedList } from '@/features/shares/components/leader-shared-list';
import { useWeek } from '@/features/week/api/get-week';
import { useSelectedWeek } from '@/hooks/use-selected-week';
import { RemindTeamButton } from '@/features/reminders/components/remind-team-button';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { reportStatusLabel } from '@/lib/report-status';

/**
 * /lider: the cards Mi APPA, Estado, Compartidos and Pares, and the tabs Mi APPA, APPAs
 * Compartidos, Colaboración and Mi Jerarquía. A report shared with comment permission shows the
 * same review thread the reviewers use.
 */
export function LeaderDashboardRoute() {
  const user = useSignedInUser();
  const selection = useSelectedWeek(user.timezone);
  const { week } = selection;
  const leaderWeek = useWeek(week.weekStart, 'own');
  const peers = usePeers();
  const hierarchy = useHierarchy(week.weekStart);
  const data = leaderWeek.data;

  return (
    <DashboardShell
      title="Dashboard Líder"
      week={selection}
      actions={
        user.abilities.remind && (hierarchy.data?.hierarchy.allReports ?? 0) > 0 ? (
          <RemindTeamButton weekStart={week.weekStart} pending={undefined} />
        ) : null
      }
      stats={
        <>
          <StatCard label="Mi APPA" value={data && (data.own ? 1 : 0)} icon={FileText} />
          <StatCard
            label="Estado"
            value={data && reportStatusLabel(data.own?.status)}
            icon={UserCheck}
            tone={data?.own?.status === 'ENVIADO' ? 'text-success' : 'text-muted-foreground'}
          />
          <StatCard
            label="Compartidos"
            value={data?.shared.length}
            icon={Share2}
            tone="text-primary"
            hint="Contigo"
          />
          <StatCard label="Pares" value={peers.data?.length} icon={Users} />
        </>
      }
    >
      <Tabs defaultValue="mi-appa" className="min-w-0">
        <TabsList aria-label="Secciones del dashboard">
          <TabsTrigger value="mi-appa">Mi APPA</TabsTrigger>
          <TabsTrigger value="compartidos">APPAs Compartidos</TabsTrigger>
          <TabsTrigger value="colaboracion">Colaboración</TabsTrigger>
          <TabsTrigger value="jerarquia">Mi Jerarquía</TabsTrigger>
        </TabsList>
        <TabsContent value="mi-appa">
          <QueryState query={leaderWeek}>{(w) => <LeaderOwnReport week={w} />}</QueryState>
        </TabsContent>
        <TabsContent value="compartidos">
          <QueryState query={leaderWeek}>
            {(w) => <LeaderSharedList shared={w.shared} comments={ReviewComments} />}
          </QueryState>
        </TabsContent>
        <TabsContent value="colaboracion">
          <QueryState query={peers}>{(p) => <LeaderPeers peers={p} />}</QueryState>
        </TabsContent>
        <TabsContent value="jerarquia">
          <QueryState query={hierarchy}>
            {(h) => (
              <ManagerChain
                title="Mi Jerarquía"
                managerChain={h.team.managerChain}
                directReports={h.team.directReports}
              />
            )}
          </QueryState>
        </TabsContent>
      </Tabs>
    </DashboardShell>
  );
}
