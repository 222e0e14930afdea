import { AppaDetailDialogBody } from '@/features/admin/components/appa-detail-dialog';
import { VpDashboard as VpDashboardPage } from '@/features/dashboards/components/vp-dashboard';

/**
 * /vp: the VP's dashboard, opening reports in the panel's APPA detail dialog. Composed here, in the
 * app layer, because features do not import each other.
 */
export function VpDashboard() {
  return (
    <VpDashboardPage
      renderDetail={(submission) => <AppaDetailDialogBody submission={submission} />}
    />
  );
}
