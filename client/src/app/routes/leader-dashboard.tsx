import { ReviewComments } from '@/features/admin/components/review-comments';
import { LeaderDashboard } from '@/features/dashboards/components/leader-dashboard';

/**
 * /lider: the leader's dashboard; the comments of a report shared with comment permission are the
 * same thread the reviewers use, composed here because features do not import each other.
 */
export function LeaderDashboardRoute() {
  return <LeaderDashboard comments={ReviewComments} />;
}
