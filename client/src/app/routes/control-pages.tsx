import { percent } from '@common/percent';
import { completionRate } from '@common/completion';
import { WEEK_PAGE_SIZE_MAX } from '@common/schemas/panel';
import { Archive, BellRing } from 'lucide-react';
import { PageHeading } from '@/components/page-heading';
import { WeekCsvLink } from '@/components/week-csv-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RecentAuditCard } from '@/features/audit/components/recent-audit-card';
import { Figure, PendingCard } from '@/features/demo/components/control-cards';
import { LiveClock } from '@/features/demo/components/live-clock';
import { defaultReminderToPending } from '@/features/reminders/api/send-reminders';
import { useReminderConfirmation } from '@/features/reminders/components/reminder-confirmation';
import { useUserCount } from '@/features/users/api/get-users-with-counts';
import { useWeekPage } from '@/features/week/api/get-week-page';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { dayMonthYear } from '@common/date-format';

/** The control pages refresh their figures this often. */
const REFRESH_MS = 10_000;

/**
 * /super-admin (ADMIN) and /consejo-simple (CONSEJO and ADMIN): the organisation's figures of the
 * current week from the database, a clock, and real actions. The administrator's actions
 * (reminders, backup, audit log) appear only to administrators; the server checks them again.
 */
function ControlPage({
  title,
  description,
  isAdmin,
}: {
  title: string;
  description: string;
  isAdmin: boolean;
}) {
  // The current week's counts are the live figures; its first page of pending people is listed.
  const week = useWeekPage(
    { status: 'pendientes', pageSize: WEEK_PAGE_SIZE_MAX },
    { refetchInterval: REFRESH_MS },
  );
  const userCount = useUserCount(isAdmin);
  const remind = useReminderConfirmation();
  const counts = week.data?.counts;
  const efficiency = counts ? completionRate(counts.sent, counts.expected) : 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <PageHeading title={title} description={description} />
        <LiveClock />
      </div>

      {week.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{week.error.message}</AlertDescription>
        </Alert>
      ) : null}

      <section aria-label="Cifras de la semana" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {isAdmin ? <Figure label="Usuarios" value={userCount.data} /> : null}
        <Figure label="Personas que reportan" value={counts?.expected} />
        <Figure
          label="APPAs de la semana"
          value={counts ? counts.sent + counts.drafts : undefined}
        />
        <Figure label="Enviados" value={counts?.sent} />
        <Figure label="Borradores" value={counts?.drafts} />
        <Figure label="Eficiencia" value={counts ? percent(efficiency) : undefined} />
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Acciones</CardTitle>
          <CardDescription>
            {week.data
              ? `Semana del ${dayMonthYear(week.data.weekStart)} al ${dayMonthYear(week.data.weekEnd)}`
              : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          {isAdmin ? (
            <Button
              onClick={() => remind.ask(defaultReminderToPending())}
              disabled={remind.busy || counts?.pending === 0}
            >
              <BellRing aria-hidden="true" />
              Recordar a pendientes ({counts?.pending ?? 0})
            </Button>
          ) : null}
          {remind.dialog}
          <WeekCsvLink weekStart={week.data?.weekStart}>Exportar semana (CSV)</WeekCsvLink>
          {isAdmin ? (
            <Button variant="outline" asChild>
              <a href="/api/admin/backup" download>
                <Archive aria-hidden="true" />
                Respaldo completo (.tar.gz)
              </a>
            </Button>
          ) : null}
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <PendingCard week={week.data} />
        {isAdmin ? <RecentAuditCard /> : null}
      </div>
    </div>
  );
}

/** /super-admin (ADMIN): the control page with every administrator action. */
export function SuperAdmin() {
  return (
    <ControlPage
      title="Super Admin"
      description="Cifras en vivo de la organización y acciones de administración."
      isAdmin
    />
  );
}

/** /consejo-simple (CONSEJO and ADMIN): the week's figures; an administrator also gets the actions. */
export function ConsejoSimple() {
  const user = useSignedInUser();
  return (
    <ControlPage
      title="Consejo"
      description="Resumen en vivo de la semana en toda la organización."
      isAdmin={user.abilities.administer}
    />
  );
}
