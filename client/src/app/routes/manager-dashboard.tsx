import { AppaDetailDialogBody } from '@/features/admin/components/appa-detail-dialog';
import { ManagerDashboard } from '@/features/dashboards/components/manager-dashboard';

/**
 * /gerente: the manager's dashboard; a report of the area opens in the administrator panel's
 * detail (report, files, review, comments), composed here because features do not import each
 * other.
 */
export function ManagerDashboardRoute() {
  return (
    <ManagerDashboard
      renderDetail={(submission) => <AppaDetailDialogBody submission={submission} />}
    />
  );
}
