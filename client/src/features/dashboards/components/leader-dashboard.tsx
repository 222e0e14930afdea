import { FileText, Share2, UserCheck, Users } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useHierarchy } from '../api/get-hierarchy';
import { useLeaderWeek } from '../api/get-leader-week';
import { usePeers } from '../api/get-peers';
import { useSelectedWeek } from '@/hooks/use-selected-week';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { reportStatusLabel } from '@/lib/report-status';
import { DashboardShell, StatCard } from './dashboard-shell';
import { LeaderOwnReport } from './leader-own-report';
import { LeaderPeers } from './leader-peers';
import { LeaderSharedList } from './leader-shared-list';
import type { CommentsComponent } from './leader-shared-report';
import { ManagerChain } from './manager-chain';
import { RetryAlert } from '@/components/retry-alert';

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
      {leaderWeek.isError ? (
        <RetryAlert message={leaderWeek.error.message} onRetry={() => void leaderWeek.refetch()} />
      ) : null}
      <Tabs defaultValue="mi-appa" className="min-w-0">
        <TabsList aria-label="Secciones del dashboard">
          <TabsTrigger value="mi-appa">Mi APPA</TabsTrigger>
          <TabsTrigger value="compartidos">APPAs Compartidos</TabsTrigger>
          <TabsTrigger value="colaboracion">Colaboración</TabsTrigger>
          <TabsTrigger value="jerarquia">Mi Jerarquía</TabsTrigger>
        </TabsList>
        <TabsContent value="mi-appa">
          {data ? (
            <LeaderOwnReport week={data} />
          ) : leaderWeek.isPending ? (
            <Spinner label="Cargando tu APPA" />
          ) : null}
        </TabsContent>
        <TabsContent value="compartidos">
          {data ? <LeaderSharedList shared={data.shared} comments={comments} /> : null}
        </TabsContent>
        <TabsContent value="colaboracion">
          {peers.isError ? (
            <RetryAlert message={peers.error.message} onRetry={() => void peers.refetch()} />
          ) : (
            <LeaderPeers peers={peers.data ?? []} />
          )}
        </TabsContent>
        <TabsContent value="jerarquia">
          {hierarchy.isError ? (
            <RetryAlert
              message={hierarchy.error.message}
              onRetry={() => void hierarchy.refetch()}
            />
          ) : hierarchy.data ? (
            <ManagerChain
              title="Mi Jerarquía"
              managerChain={hierarchy.data.team.managerChain}
              directReports={hierarchy.data.team.directReports}
            />
          ) : (
            <Spinner label="Cargando jerarquía" />
          )}
        </TabsContent>
      </Tabs>
    </DashboardShell>
  );
}
