import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/api/get-current-user';

/** Pages for signed-in people only; a temporary password must be changed before anything else. */
export function ProtectedRoute() {
  const { data: user, isPending } = useCurrentUser();
  const { pathname } = useLocation();

  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  if (user.mustChangePassword && pathname !== '/change-password') {
    return <Navigate to="/change-password" replace />;
  }
  return <Outlet />;
}
