import { Outlet } from 'react-router';
import { DemoMark } from '@/components/demo-mark';
import { useAppConfig } from '@/lib/api/get-config';
import { useCurrentUser } from '@/lib/api/get-current-user';

/**
 * Starts the two requests every page needs, in parallel, without waiting for them: pages show
 * their own loading state. A failure of either is thrown to the route error screen. A demo
 * database marks every page.
 */
export function AppRoot() {
  useAppConfig();
  useCurrentUser();
  return (
    <>
      <Outlet />
      <DemoMark />
    </>
  );
}
