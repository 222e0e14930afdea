import { landingPathFor } from '@common/roles';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/lib/api/get-current-user';

/** /: sends each person to the page for their role. */
export function LandingRoute() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <p className="p-4">Loading...</p>;
  return <Navigate to={user ? landingPathFor(user) : '/auth'} replace />;
}
