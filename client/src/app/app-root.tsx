import { Outlet } from 'react-router';
import { useAppConfig } from '@/lib/api/get-config';
import { useCurrentUser } from '@/lib/api/get-current-user';

/**
 * Starts the two requests every page needs, in parallel, without waiting for them: pages show
 * their own loading state. A failure of either is thrown to the route error screen.
 */
export function AppRoot() {
  useAppConfig();
  useCurrentUser();
  return <Outlet />;
}
