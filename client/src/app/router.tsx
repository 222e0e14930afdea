import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, useParams } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { AdminLogin } from '@/features/auth/components/admin-login';
import { ChangePassword } from '@/features/auth/components/change-password';
import { CredentialsLogin } from '@/features/auth/components/credentials-login';
import { MagicLinkVerify } from '@/features/auth/components/magic-link-verify';
import { PersonalLogin } from '@/features/auth/components/personal-login';
import { DASHBOARD_ACCESS_DENIED } from '@/features/dashboards/lib/access-denied';
import { RouteErrorScreen } from './app-error';
import { AppRoot } from './app-root';
import { ProtectedRoute } from './protected-route';
import { RequireRole } from './require-role';
import { LandingRoute } from './routes/landing';
import { DebugRoute, NotFoundRoute, TestRoute } from './routes/static-pages';

// Each area loads its own code: the sign-in pages do not carry the report form, the panel or the
// dashboards.
const ReportPage = lazy(() =>
  import('@/features/report/components/report-page').then((m) => ({ default: m.ReportPage })),
);
const AdminPanel = lazy(() =>
  import('@/features/admin/components/admin-panel').then((m) => ({ default: m.AdminPanel })),
);

const BoardDashboard = lazy(() =>
  import('./routes/board-dashboard').then((m) => ({ default: m.BoardDashboard })),
);
const VpDashboard = lazy(() =>
  import('./routes/vp-dashboard').then((m) => ({ default: m.VpDashboard })),
);

const ManagerDashboardRoute = lazy(() =>
  import('./routes/manager-dashboard').then((m) => ({ default: m.ManagerDashboardRoute })),
);
const LeaderDashboardRoute = lazy(() =>
  import('./routes/leader-dashboard').then((m) => ({ default: m.LeaderDashboardRoute })),
);

// The demo and quick-access pages (issue 7).
const AdminDirect = lazy(() =>
  import('@/features/demo/components/admin-direct').then((m) => ({ default: m.AdminDirect })),
);
const QuickAdmin = lazy(() =>
  import('@/features/demo/components/quick-admin').then((m) => ({ default: m.QuickAdmin })),
);
const SuperAdmin = lazy(() =>
  import('@/features/demo/components/super-admin').then((m) => ({ default: m.SuperAdmin })),
);
const ConsejoSimple = lazy(() =>
  import('@/features/demo/components/consejo-simple').then((m) => ({ default: m.ConsejoSimple })),
);

function Loadable({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

// Keyed by slug so that moving between two people's links starts from a clean form.
function PersonalLoginRoute() {
  const { slug = '' } = useParams();
  return <PersonalLogin key={slug} slug={slug} />;
}

function ReportRoute() {
  const { slug = '' } = useParams();
  return (
    <Loadable>
      <ReportPage key={slug} slug={slug} />
    </Loadable>
  );
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppRoot />,
      errorElement: <RouteErrorScreen />,
      children: [
        { index: true, element: <LandingRoute /> },
        { path: 'auth', element: <CredentialsLogin /> },
        { path: 'auth/verify', element: <MagicLinkVerify /> },
        { path: 'admin-login', element: <AdminLogin /> },
        { path: 'change-password', element: <ChangePassword /> },
        { path: 'appa/:slug', element: <PersonalLoginRoute /> },
        { path: 'appa/:slug/submit', element: <ReportRoute /> },
        {
          path: 'admin-direct',
          element: (
            <Loadable>
              <AdminDirect />
            </Loadable>
          ),
        },
        {
          path: 'quick-admin',
          element: (
            <Loadable>
              <QuickAdmin />
            </Loadable>
          ),
        },
        {
          element: <ProtectedRoute />,
          children: [
            {
              path: 'admin',
              element: (
                <RequireRole roles={['ADMIN']}>
                  <Loadable>
                    <AdminPanel />
                  </Loadable>
                </RequireRole>
              ),
            },
            {
              path: 'super-admin',
              element: (
                <RequireRole roles={['ADMIN']}>
                  <Loadable>
                    <SuperAdmin />
                  </Loadable>
                </RequireRole>
              ),
            },
            {
              path: 'consejo-simple',
              element: (
                <RequireRole roles={['CONSEJO']} deniedMessage={DASHBOARD_ACCESS_DENIED.CONSEJO}>
                  <Loadable>
                    <ConsejoSimple />
                  </Loadable>
                </RequireRole>
              ),
            },
            {
              path: 'consejo',
              element: (
                <RequireRole roles={['CONSEJO']} deniedMessage={DASHBOARD_ACCESS_DENIED.CONSEJO}>
                  <Loadable>
                    <BoardDashboard />
                  </Loadable>
                </RequireRole>
              ),
            },
            {
              path: 'vp',
              element: (
                <RequireRole roles={['VP']} deniedMessage={DASHBOARD_ACCESS_DENIED.VP}>
                  <Loadable>
                    <VpDashboard />
                  </Loadable>
                </RequireRole>
              ),
            },
            {
              path: 'gerente',
              element: (
                <RequireRole roles={['GERENTE']} deniedMessage={DASHBOARD_ACCESS_DENIED.GERENTE}>
                  <Loadable>
                    <ManagerDashboardRoute />
                  </Loadable>
                </RequireRole>
              ),
            },
            {
              path: 'lider',
              element: (
                <RequireRole roles={['LIDER']} deniedMessage={DASHBOARD_ACCESS_DENIED.LIDER}>
                  <Loadable>
                    <LeaderDashboardRoute />
                  </Loadable>
                </RequireRole>
              ),
            },
          ],
        },
        { path: 'test', element: <TestRoute /> },
        { path: 'debug/:slug', element: <DebugRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}
