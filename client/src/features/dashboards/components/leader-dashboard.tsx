import { FileText, Share2, UserCheck, Users } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useHierarchy } from '../api/get-hierarchy';
import { useLeaderWeek } from '../api/get-leader-week';
import { usePeers } from '../api/get-peers';
import { useSelectedWeek } from '@/hooks/use-selected-week';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { reportStatusLabel } from '@/lib/report-status';
import { QueryState } from '@/components/query-state';
import { DashboardShell, StatCard } from './dashboard-shell';
import { LeaderOwnReport } from './leader-own-report';
import { LeaderPeers } from './leader-peers';
import { LeaderSharedList } from './leader-shared-list';
import type { CommentsComponent } from './leader-shared-report';
import { ManagerChain } from './manager-chain';

/**
 * /lider (spec 2 §2 "Leader dashboard"): the cards Mi APPA, Estado, Compartidos and Pares, and the
 * tabs Mi APPA, APPAs Compartidos, Colaboración and Mi Jerarquía.
 */
export function LeaderDashboard({ comments }: { comments: CommentsComponent }) {
  const selection = useSelectedWeek(useSignedInUser().timezone);
  const { week } = selection;
  const leaderWeek = useLeaderWeek(week.weekStart);
  const peers = usePeers();
  const hierarchy = useHierarchy(week.weekStart);
  const data = leaderWeek.data;

  return (
    <DashboardShell
      title="Dashboard Líder"
      week={selection}
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
            {(w) => <LeaderSharedList shared={w.shared} comments={comments} />}
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
