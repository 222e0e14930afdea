import { AppaDetailDialogBody } from '@/features/admin/components/appa-detail-dialog';
import { MyTasksCard } from '@/features/admin/components/my-tasks-card';
import { BoardDashboard as BoardDashboardPage } from '@/features/dashboards/components/board-dashboard';

/**
 * /consejo: the board's dashboard, with the review tasks assigned to them ('Mis tareas') and the
 * APPA detail dialog of the panel to open a report. Composed here, in the app layer, because
 * features do not import each other.
 */
export function BoardDashboard() {
  return (
    <BoardDashboardPage
      aside={<MyTasksCard />}
      renderDetail={(submission) => <AppaDetailDialogBody submission={submission} />}
    />
  );
}
