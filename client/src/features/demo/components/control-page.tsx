import { completionRate } from '@common/completion';
import { Archive, BellRing, ClipboardList, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useCurrentWeek, useRecentAudit, useRemindPending, useUserCount } from '../api/control';
import { LiveClock } from './live-clock';

/**
 * /super-admin (ADMIN) and /consejo-simple (CONSEJO and ADMIN): the organisation's figures of the
 * current week from the database, a clock, and real actions. The administrator's actions (reminders,
 * backup, audit log) appear only to administrators; the server checks them again.
 */
export function ControlPage({
  title,
  description,
  isAdmin,
}: {
  title: string;
  description: string;
  isAdmin: boolean;
}) {
  const week = useCurrentWeek();
  const userCount = useUserCount(isAdmin);
  const remind = useRemindPending();
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
        <Figure label="Eficiencia" value={counts ? `${efficiency}%` : undefined} />
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Acciones</CardTitle>
          <CardDescription>
            {week.data ? `Semana del ${week.data.weekStart} al ${week.data.weekEnd}` : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          {isAdmin ? (
            <Button
              onClick={() => remind.mutate()}
              disabled={remind.isPending || counts?.pending === 0}
            >
              <BellRing aria-hidden="true" />
              Recordar a pendientes ({counts?.pending ?? 0})
            </Button>
          ) : null}
          <Button variant="outline" asChild>
            <a
              href={`/api/reports/weekly?format=csv${week.data ? `&weekStart=${week.data.weekStart}` : ''}`}
              download
            >
              <Download aria-hidden="true" />
              Exportar semana (CSV)
            </a>
          </Button>
          {isAdmin ? (
            <Button variant="outline" asChild>
              <a href="/api/admin/backup" download>
                <Archive aria-hidden="true" />
                Respaldo completo (JSON)
              </a>
            </Button>
          ) : null}
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <PendingCard week={week.data} />
        {isAdmin ? <AuditCard /> : null}
      </div>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card className="gap-0 p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-bold tabular-nums">{value ?? '—'}</p>
    </Card>
  );
}

/** A list that scrolls past 24rem; focusable so that the keyboard can scroll it too. */
function ScrollList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-96 overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <ul className="divide-y text-sm" aria-label={label}>
        {children}
      </ul>
    </div>
  );
}

function PendingCard({ week }: { week: ReturnType<typeof useCurrentWeek>['data'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pendientes de enviar</CardTitle>
      </CardHeader>
      <CardContent>
        {!week ? (
          <Spinner />
        ) : week.pending.length === 0 ? (
          <p className="text-sm text-muted-foreground">Todos enviaron su APPA esta semana.</p>
        ) : (
          <ScrollList label="Pendientes">
            {week.pending.map((person) => (
              <li key={person.id} className="flex justify-between gap-2 py-2">
                <span className="min-w-0 truncate">{person.fullName}</span>
                <span className="shrink-0 text-muted-foreground">
                  {person.draft ? 'Borrador' : 'Sin APPA'}
                </span>
              </li>
            ))}
            {week.total > week.pending.length ? (
              <li className="py-2 text-muted-foreground">
                y {week.total - week.pending.length} más
              </li>
            ) : null}
          </ScrollList>
        )}
      </CardContent>
    </Card>
  );
}

function AuditCard() {
  const audit = useRecentAudit(true);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardList aria-hidden="true" className="size-5" />
          Registro de auditoría
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {!audit.data ? (
          <Spinner />
        ) : (
          <ScrollList label="Auditoría reciente">
            {audit.data.entries.map((entry) => (
              <li key={entry.id} className="py-2">
                <p className="font-mono text-xs break-all">{entry.action}</p>
                <p className="text-muted-foreground">
                  {formatDateTime(entry.createdAt)} · {entry.actor?.fullName ?? 'Sistema'}
                </p>
              </li>
            ))}
          </ScrollList>
        )}
        <Button variant="link" className="px-0" asChild>
          <Link to="/admin?tab=configuracion">Ver más</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
