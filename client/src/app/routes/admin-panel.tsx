import { BarChart3, CalendarDays, ClipboardCheck, Settings, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Suspense, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { LiveIndicator } from '@/components/live-indicator';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { SummaryTab } from './admin-panel/summary-tab';
import { retryableLazy } from '@/lib/retryable-lazy';

// The panel opens on the weekly summary: the other tabs' code (the people, the settings, the
// downloads...) loads when one is opened, not before the summary can show.
const UsersTab = retryableLazy(() =>
  import('./admin-panel/users-tab').then((m) => ({ default: m.UsersTab })),
);
const ReviewTab = retryableLazy(() =>
  import('./admin-panel/review-tab').then((m) => ({ default: m.ReviewTab })),
);
const ReportsTab = retryableLazy(() =>
  import('./admin-panel/reports-tab').then((m) => ({ default: m.ReportsTab })),
);
const ConfigurationTab = retryableLazy(() =>
  import('./admin-panel/configuration-tab').then((m) => ({ default: m.ConfigurationTab })),
);

const TABS = [
  { value: 'resumen', label: 'Resumen Semanal', icon: CalendarDays },
  { value: 'usuarios', label: 'Gestión de Usuarios', icon: Users },
  { value: 'revision', label: 'Revisión de APPAs', icon: ClipboardCheck },
  { value: 'reportes', label: 'Reportes', icon: BarChart3 },
  { value: 'configuracion', label: 'Configuración', icon: Settings },
] as const satisfies readonly { value: string; label: string; icon: LucideIcon }[];

type TabValue = (typeof TABS)[number]['value'];

const TAB_CONTENT: Record<TabValue, ComponentType> = {
  resumen: SummaryTab,
  usuarios: UsersTab,
  revision: ReviewTab,
  reportes: ReportsTab,
  configuracion: ConfigurationTab,
};

// The panel opens on the weekly summary.
const DEFAULT_TAB: TabValue = 'resumen';

const isTab = (value: string | null): value is TabValue => TABS.some((t) => t.value === value);

/**
 * /admin: the administrator panel, one tab per task, each composed here from the resources it
 * shows. The open tab is kept in the address (?tab=usuarios).
 */
export function AdminPanel() {
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = isTab(requested) ? requested : DEFAULT_TAB;

  const selectTab = (value: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeading
        title="Panel Administrativo"
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            Bienvenido, {user.fullName}
            <LiveIndicator />
          </span>
        }
      />
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Secciones del panel">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value }) => {
          const Content = TAB_CONTENT[value];
          return (
            <TabsContent key={value} value={value}>
              <Suspense
                fallback={
                  <div className="flex justify-center py-10">
                    <Spinner label="Cargando sección" />
                  </div>
                }
              >
                <Content />
              </Suspense>
            </TabsContent>
          );
        })}
      </Tabs>
    </>
  );
}
