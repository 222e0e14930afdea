import { createBrowserRouter, useParams } from 'react-router';
import { AdminPanel } from '@/features/admin/components/admin-panel';
import { AdminLogin } from '@/features/auth/components/admin-login';
import { ChangePassword } from '@/features/auth/components/change-password';
import { CredentialsLogin } from '@/features/auth/components/credentials-login';
import { PersonalLogin } from '@/features/auth/components/personal-login';
import { RoleDashboard } from '@/features/dashboards/components/role-dashboard';
import { ReportPage } from '@/features/report/components/report-page';
import { RouteErrorScreen } from './app-error';
import { AppRoot } from './app-root';
import { ProtectedRoute } from './protected-route';
import { RequireRole } from './require-role';
import { LandingRoute } from './routes/landing';
import { DebugRoute, NotFoundRoute, TestRoute } from './routes/static-pages';

// Keyed by slug so that moving between two people's links starts from a clean form.
function PersonalLoginRoute() {
  const { slug = '' } = useParams();
  return <PersonalLogin key={slug} slug={slug} />;
}

function ReportRoute() {
  const { slug = '' } = useParams();
  return <ReportPage key={slug} slug={slug} />;
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppRoot />,
      errorElement: <RouteErrorScreen />,
      children: [
        { index: true, element: <LandingRoute /> },
        { path: 'auth', element: <CredentialsLogin /> },
        { path: 'auth/verify', element: <CredentialsLogin /> },
        { path: 'admin-login', element: <AdminLogin /> },
        { path: 'change-password', element: <ChangePassword /> },
        { path: 'appa/:slug', element: <PersonalLoginRoute /> },
        { path: 'appa/:slug/submit', element: <ReportRoute /> },
        {
          element: <ProtectedRoute />,
          children: [
            {
              path: 'admin',
              element: (
                <RequireRole roles={['ADMIN']}>
                  <AdminPanel />
                </RequireRole>
              ),
            },
            {
              path: 'consejo',
              element: (
                <RequireRole roles={['CONSEJO']}>
                  <RoleDashboard title="Dashboard Consejo Directivo" />
                </RequireRole>
              ),
            },
            {
              path: 'vp',
              element: (
                <RequireRole roles={['VP']}>
                  <RoleDashboard title="Dashboard VP" />
                </RequireRole>
              ),
            },
            {
              path: 'gerente',
              element: (
                <RequireRole roles={['GERENTE']}>
                  <RoleDashboard title="Dashboard Gerente" />
                </RequireRole>
              ),
            },
            {
              path: 'lider',
              element: (
                <RequireRole roles={['LIDER']}>
                  <RoleDashboard title="Dashboard Líder" />
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
