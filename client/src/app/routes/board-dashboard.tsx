import { MyTasksCard } from '@/features/admin/components/my-tasks-card';
import { RoleDashboard } from '@/features/dashboards/components/role-dashboard';

/**
 * /consejo: the board's dashboard with the review tasks assigned to them ('Mis tareas'). Composed
 * here, in the app layer, because features do not import each other.
 */
export function BoardDashboard() {
  return (
    <RoleDashboard title="Dashboard Consejo Directivo">
      <div className="mb-6">
        <MyTasksCard />
      </div>
    </RoleDashboard>
  );
}
