import { ROLE_LABELS } from '@common/roles';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LiveIndicator } from '@/components/live-indicator';
import { WeekSelect } from '@/components/week-select';
import type { useSelectedWeek } from '@/hooks/use-selected-week';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { cn } from '@/lib/utils';

/**
 * The frame of every role dashboard (/consejo, /vp, /gerente, /lider): its title with who is
 * looking (name and role; the app shell above holds 'Cerrar Sesión'), an optional week picker and
 * a row of stat cards, then the page.
 */
export function DashboardShell({
  title,
  week,
  stats,
  actions,
  children,
}: {
  title: string;
  /** The week the page shows (useSelectedWeek); its selector sits beside the title on a wide screen, below it on a phone. */
  week?: ReturnType<typeof useSelectedWeek>;
  /** Usually <StatCard>s; laid out two by two on a phone and in one row on a wide screen. */
  stats?: ReactNode;
  /** Buttons acting on the area's week (reminding its pending people), under the figures. */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const user = useSignedInUser();
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="mt-1 text-muted-foreground">
            Bienvenido, <span className="font-medium text-foreground">{user.fullName}</span>
            {' · '}
            {ROLE_LABELS[user.role]} <LiveIndicator />
          </p>
        </div>
        {week ? (
          <WeekSelect
            weeks={week.weeks}
            value={week.week.weekStart}
            onChange={week.selectWeek}
            className="w-full sm:w-96"
          />
        ) : null}
      </div>
      {stats ? (
        <div role="group" aria-label="Resumen" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {stats}
        </div>
      ) : null}
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      {children}
    </div>
  );
}

/** One figure of the dashboard's row of cards. */
export function StatCard({
  label,
  value,
  icon: Icon,
  tone = 'text-muted-foreground',
  hint,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  /** The icon's colour class, e.g. 'text-success'. */
  tone?: string;
  /** A short line under the figure. */
  hint?: ReactNode;
}) {
  return (
    <div className="grid min-w-0 gap-1 rounded-xl border bg-card p-4 shadow-sm">
      <span className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span className="min-w-0 break-words">{label}</span>
        <Icon aria-hidden="true" className={cn('size-4 shrink-0', tone)} />
      </span>
      <span className="text-2xl font-semibold tabular-nums">{value ?? '—'}</span>
      {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
    </div>
  );
}
