import { percent } from '@common/percent';
import type { ReportSummary } from '@common/schemas/panel';
import { Download, Eye, ListPlus, MessageSquare, Paperclip } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@common/date-format';
import { KpiTrendIcon } from '@/components/kpi-trend-icon';
import { ReportStatusBadge } from '@/components/report-status-badge';
import { RowCheckbox, SelectableTable } from './selectable-table';

export type SubmissionAction = 'view' | 'comments' | 'task' | 'files';

const COLUMNS = {
  person: 'Persona',
  status: 'Estado',
  sent: 'Enviado',
  kpi: 'KPI (logro / meta)',
  files: 'Adjuntos',
  alerts: 'Alertas',
  actions: 'Acciones',
} as const;
const HEADERS = Object.values(COLUMNS);

/** Achieved / goal, with the arrow that says whether the goal was met. */
function KpiCell({ submission: s }: { submission: ReportSummary }) {
  if (s.kpiMetaPct === null && s.kpiLogroPct === null) {
    return <span className="text-muted-foreground">—</span>;
  }
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap tabular-nums">
      {percent(s.kpiLogroPct)} / {percent(s.kpiMetaPct)}
      <KpiTrendIcon metaPct={s.kpiMetaPct} logroPct={s.kpiLogroPct} />
    </span>
  );
}

function AlertDots({ submission: s }: { submission: ReportSummary }) {
  const problems = s.problemas.trim() !== '';
  const help = s.ayuda.trim() !== '';
  if (!problems && !help) {
    return (
      <>
        <span aria-hidden="true" className="text-muted-foreground">
          —
        </span>
        <span className="sr-only">Sin alertas</span>
      </>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5">
      {problems ? (
        <span
          role="img"
          aria-label="Reportó problemas"
          title="Reportó problemas"
          className="size-2.5 rounded-full bg-destructive"
        />
      ) : null}
      {help ? (
        <span
          role="img"
          aria-label="Solicitó ayuda"
          title="Solicitó ayuda"
          className="size-2.5 rounded-full bg-amber-600"
        />
      ) : null}
    </span>
  );
}

const iconButton = 'size-9 px-0';

/** The row's actions that open the APPA detail dialog (comments and tasks are inside it). */
const DIALOG_ACTIONS = [
  { action: 'view', label: (name: string) => `Ver APPA de ${name}`, title: 'Ver', icon: Eye },
  {
    action: 'comments',
    label: (name: string) => `Comentarios del APPA de ${name}`,
    title: 'Comentarios',
    icon: MessageSquare,
  },
  {
    action: 'task',
    label: (name: string) => `Crear tarea para el APPA de ${name}`,
    title: 'Crear tarea',
    icon: ListPlus,
  },
] as const satisfies readonly {
  action: SubmissionAction;
  label: (name: string) => string;
  title: string;
  icon: LucideIcon;
}[];

/** The week's reports of Resumen Semanal: one page of them. */
export function SubmissionsTable({
  rows,
  selected,
  onToggle,
  onToggleAll,
  onAction,
  timeZone,
  remindButton,
}: {
  rows: readonly ReportSummary[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (ids: readonly string[], checked: boolean) => void;
  onAction: (action: SubmissionAction, submission: ReportSummary) => void;
  timeZone: string;
  /** 'Recordar' for the author of a draft; the screen takes it from the reminders. */
  remindButton: (submission: ReportSummary) => ReactNode;
}) {
  return (
    <SelectableTable
      label="Tabla de APPAs de la semana"
      className="min-w-[60rem]"
      headers={HEADERS}
      ids={rows.map((s) => s.id)}
      selected={selected}
      onToggleAll={onToggleAll}
    >
      {rows.map((s) => {
        const name = s.user.fullName;
        return (
          <tr key={s.id} className="border-t align-middle">
            <RowCheckbox name={name} checked={selected.has(s.id)} onChange={() => onToggle(s.id)} />
            <th scope="row" className="min-w-44 px-2 py-2.5 text-left font-normal">
              <span className="block font-medium break-words">{name}</span>
              <span className="block text-muted-foreground break-words">
                {[s.user.cargo, s.user.unidadOrganizacional].filter(Boolean).join(' · ') ||
                  s.user.email}
              </span>
            </th>
            <td data-label={COLUMNS.status} className="px-2 py-2.5">
              <ReportStatusBadge status={s.status} />
            </td>
            <td data-label={COLUMNS.sent} className="px-2 py-2.5 whitespace-nowrap tabular-nums">
              {s.submittedAt ? formatDateTime(s.submittedAt, timeZone) : '—'}
            </td>
            <td data-label={COLUMNS.kpi} className="px-2 py-2.5">
              <KpiCell submission={s} />
            </td>
            <td data-label={COLUMNS.files} className="px-2 py-2.5">
              <Button
                variant="outline"
                size="sm"
                className="h-8 gap-1 rounded-full px-2.5 tabular-nums"
                aria-label={`Archivos adjuntos de ${name}: ${s.fileCount}`}
                title="Ver archivos adjuntos"
                onClick={() => onAction('files', s)}
              >
                <Paperclip aria-hidden="true" />
                {s.fileCount}
              </Button>
            </td>
            <td data-label={COLUMNS.alerts} className="px-2 py-2.5">
              <AlertDots submission={s} />
            </td>
            <td data-label={COLUMNS.actions} className="px-2 py-2.5">
              <div className="flex flex-wrap items-center gap-1 sm:flex-nowrap">
                {DIALOG_ACTIONS.filter(
                  // A task about a report is part of reviewing it.
                  ({ action }) => action !== 'task' || s.abilities.review,
                ).map(({ action, label, title, icon: Icon }) => (
                  <Button
                    key={action}
                    variant="ghost"
                    size="sm"
                    className={iconButton}
                    aria-label={label(name)}
                    title={title}
                    onClick={() => onAction(action, s)}
                  >
                    <Icon aria-hidden="true" />
                  </Button>
                ))}
                {s.abilities.download ? (
                  <Button asChild variant="ghost" size="sm" className={iconButton}>
                    <a
                      href={`/api/appa/${encodeURIComponent(s.id)}/download`}
                      download
                      aria-label={`Descargar APPA de ${name} como texto`}
                      title="Descargar como texto"
                    >
                      <Download aria-hidden="true" />
                    </a>
                  </Button>
                ) : null}
                {s.status === 'BORRADOR' ? remindButton(s) : null}
              </div>
            </td>
          </tr>
        );
      })}
    </SelectableTable>
  );
}
