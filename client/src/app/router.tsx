import { Suspense, type ReactNode } from 'react';
import { useLocation, useParams, useRoutes, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { retryableLazy } from '@/lib/retryable-lazy';
import { DASHBOARD_ACCESS_DENIED } from '@/features/dashboards/lib/access-denied';
import { RouteErrorBoundary } from './app-error';
import { AppRoot } from './app-root';
import { PersonalLinks, SignedInShell } from './signed-in-shell';
import { ProtectedRoute } from './protected-route';
import { RequireAbility } from './require-role';

// Each area loads its own code: the sign-in pages do not carry the report form, the panel or the
// dashboards, and /auth (the page most visits start on) carries only itself, to stay within its JavaScript budget.
// A page's HTML announces its lazy module (page-modules.ts): a page added here is added there.
const CredentialsLogin = retryableLazy(() =>
  import('@/features/auth/components/credentials-login').then((m) => ({
    default: m.CredentialsLogin,
  })),
);
const LandingRoute = retryableLazy(() =>
  import('./routes/landing').then((m) => ({ default: m.LandingRoute })),
);
const AdminLogin = retryableLazy(() =>
  import('@/features/auth/components/admin-login').then((m) => ({ default: m.AdminLogin })),
);
const ChangePassword = retryableLazy(() =>
  import('@/features/auth/components/change-password').then((m) => ({
    default: m.ChangePassword,
  })),
);
const MagicLinkVerify = retryableLazy(() =>
  import('@/features/auth/components/magic-link-verify').then((m) => ({
    default: m.MagicLinkVerify,
  })),
);
const EmailVerify = retryableLazy(() =>
  import('@/features/auth/components/email-verify').then((m) => ({ default: m.EmailVerify })),
);
const PersonalLogin = retryableLazy(() =>
  import('@/features/auth/components/personal-login').then((m) => ({ default: m.PersonalLogin })),
);
const TestRoute = retryableLazy(() =>
  import('./routes/static-pages').then((m) => ({ default: m.TestRoute })),
);
const DebugRoute = retryableLazy(() =>
  import('./routes/static-pages').then((m) => ({ default: m.DebugRoute })),
);
const NotFoundRoute = retryableLazy(() =>
  import('./routes/static-pages').then((m) => ({ default: m.NotFoundRoute })),
);

const ReportPage = retryableLazy(() =>
  import('@/features/reports/components/report-page').then((m) => ({ default: m.ReportPage })),
);
const AdminPanel = retryableLazy(() =>
  import('./routes/admin-panel').then((m) => ({ default: m.AdminPanel })),
);

const BoardDashboard = retryableLazy(() =>
  import('./routes/board-dashboard').then((m) => ({ default: m.BoardDashboard })),
);
const VpDashboard = retryableLazy(() =>
  import('./routes/vp-dashboard').then((m) => ({ default: m.VpDashboard })),
);

const MyReportsPage = retryableLazy(() =>
  import('./routes/my-reports').then((m) => ({ default: m.MyReportsPage })),
);
const AccountPage = retryableLazy(() =>
  import('./routes/account').then((m) => ({ default: m.AccountPage })),
);
const SingleReportPage = retryableLazy(() =>
  import('./routes/my-reports').then((m) => ({ default: m.SingleReportPage })),
);

const ManagerDashboardRoute = retryableLazy(() =>
  import('./routes/manager-dashboard').then((m) => ({ default: m.ManagerDashboardRoute })),
);
const LeaderDashboardRoute = retryableLazy(() =>
  import('./routes/leader-dashboard').then((m) => ({ default: m.LeaderDashboardRoute })),
);

// The demo and quick-access pages.
const AdminDirect = retryableLazy(() =>
  import('@/features/demo/components/admin-direct').then((m) => ({ default: m.AdminDirect })),
);
const QuickAdmin = retryableLazy(() =>
  import('@/features/demo/components/quick-admin').then((m) => ({ default: m.QuickAdmin })),
);
const SuperAdmin = retryableLazy(() =>
  import('./routes/control-pages').then((m) => ({ default: m.SuperAdmin })),
);
const ConsejoSimple = retryableLazy(() =>
  import('./routes/control-pages').then((m) => ({ default: m.ConsejoSimple })),
);

function Loadable({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

// Keyed by slug so that moving between two people's links starts from a clean form.
function PersonalLoginRoute() {
  const { slug = '' } = useParams();
  return (
    <Loadable>
      <PersonalLogin key={slug} slug={slug} />
    </Loadable>
  );
}

function ReportRoute() {
  const { slug = '' } = useParams();
  return (
    <Loadable>
      <ReportPage key={slug} slug={slug} links={<PersonalLinks form={false} />} />
    </Loadable>
  );
}

/*
 * Declarative routing (useRoutes) rather than a data router: no route has a loader or an action,
 * and createBrowserRouter's machinery is 17 KiB gzip of every page's JavaScript.
 */
const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        index: true,
        element: (
          <Loadable>
            <LandingRoute />
          </Loadable>
        ),
      },
      {
        path: 'auth',
        element: (
          <Loadable>
            <CredentialsLogin />
          </Loadable>
        ),
      },
      {
        path: 'auth/verify',
        element: (
          <Loadable>
            <MagicLinkVerify />
          </Loadable>
        ),
      },
      {
        path: 'auth/verify-email',
        element: (
          <Loadable>
            <EmailVerify />
          </Loadable>
        ),
      },
      {
        path: 'admin-login',
        element: (
          <Loadable>
            <AdminLogin />
          </Loadable>
        ),
      },
      {
        path: 'change-password',
        element: (
          <Loadable>
            <ChangePassword />
          </Loadable>
        ),
      },
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
              <RequireAbility ability="administer">
                <Loadable>
                  <AdminPanel />
                </Loadable>
              </RequireAbility>
            ),
          },
          {
            path: 'super-admin',
            element: (
              <RequireAbility ability="administer">
                <Loadable>
                  <SuperAdmin />
                </Loadable>
              </RequireAbility>
            ),
          },
          {
            path: 'consejo-simple',
            element: (
              <RequireAbility
                ability="boardDashboard"
                deniedMessage={DASHBOARD_ACCESS_DENIED.CONSEJO}
              >
                <Loadable>
                  <ConsejoSimple />
                </Loadable>
              </RequireAbility>
            ),
          },
          {
            path: 'consejo',
            element: (
              <RequireAbility
                ability="boardDashboard"
                deniedMessage={DASHBOARD_ACCESS_DENIED.CONSEJO}
              >
                <Loadable>
                  <BoardDashboard />
                </Loadable>
              </RequireAbility>
            ),
          },
          {
            path: 'vp',
            element: (
              <RequireAbility ability="vpDashboard" deniedMessage={DASHBOARD_ACCESS_DENIED.VP}>
                <Loadable>
                  <VpDashboard />
                </Loadable>
              </RequireAbility>
            ),
          },
          {
            path: 'gerente',
            element: (
              <RequireAbility
                ability="managerDashboard"
                deniedMessage={DASHBOARD_ACCESS_DENIED.GERENTE}
              >
                <Loadable>
                  <ManagerDashboardRoute />
                </Loadable>
              </RequireAbility>
            ),
          },
          {
            path: 'mis-reportes',
            element: (
              <SignedInShell>
                <Loadable>
                  <MyReportsPage />
                </Loadable>
              </SignedInShell>
            ),
          },
          {
            path: 'cuenta',
            element: (
              <SignedInShell>
                <Loadable>
                  <AccountPage />
                </Loadable>
              </SignedInShell>
            ),
          },
          {
            path: 'reportes/:id',
            element: (
              <SignedInShell>
                <Loadable>
                  <SingleReportPage />
                </Loadable>
              </SignedInShell>
            ),
          },
          {
            path: 'lider',
            element: (
              <RequireAbility
                ability="leaderDashboard"
                deniedMessage={DASHBOARD_ACCESS_DENIED.LIDER}
              >
                <Loadable>
                  <LeaderDashboardRoute />
                </Loadable>
              </RequireAbility>
            ),
          },
        ],
      },
      {
        path: 'test',
        element: (
          <Loadable>
            <TestRoute />
          </Loadable>
        ),
      },
      {
        path: 'debug/:slug',
        element: (
          <Loadable>
            <DebugRoute />
          </Loadable>
        ),
      },
      {
        path: '*',
        element: (
          <Loadable>
            <NotFoundRoute />
          </Loadable>
        ),
      },
    ],
  },
];

/** The page for the current address; a page that crashes shows the error until the next one. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
