import { ALL_TEAMS, STATUS_FILTERS, type SummaryFilters as Filters } from '@common/week-filters';
import { WEEK_SEARCH_MAX, type ReportSummary } from '@common/schemas/panel';
import { weekLabel } from '@common/week';
import { Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { cn } from '@/lib/utils';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePage } from '@/hooks/use-page';
import { useSelectedWeek } from '@/hooks/use-selected-week';
import { ReportFilterFields } from '@/components/report-filter-fields';
import { WeekCsvLink } from '@/components/week-csv-link';
import { RetryAlert } from '@/components/retry-alert';
import { TablePager } from '@/components/table-pager';
import { WeekSelect } from '@/components/week-select';
import { PendingAuthorsCard } from '@/features/reminders/components/pending-authors-card';
import { RemindSelectedButton } from '@/features/reminders/components/remind-selected-button';
import { RemindUserButton } from '@/features/reminders/components/remind-user-button';
import type { DetailFocus } from '@/features/reviews/components/appa-detail-dialog';
import { useWatchedWeekPage } from '@/features/week/api/get-week-page';
import { PendingTable } from '@/features/week/components/pending-table';
import { SelectionBar } from '@/features/week/components/selection-bar';
import {
  SubmissionsTable,
  type SubmissionAction,
} from '@/features/week/components/submissions-table';
import { SummaryTiles } from '@/features/week/components/summary-tiles';
import {
  downloadableIds,
  NO_SELECTION,
  selectedUserIds,
  selectRows,
  toggleRow,
  type SelectedRow,
} from '@/features/week/lib/selection';
import type { OpenDialog } from './summary-dialog';
import { retryableLazy } from '@/lib/retryable-lazy';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

const loadSummaryDialog = () => import('./summary-dialog');
const SummaryDialog = retryableLazy(() =>
  loadSummaryDialog().then((m) => ({ default: m.SummaryDialog })),
);
const prefetchDialogs = () => void loadSummaryDialog();

function EmptyState({ children }: { children: ReactNode }) {
  return <p className="py-8 text-center text-muted-foreground">{children}</p>;
}

const NO_FILTERS: Filters = { search: '', status: 'todos', team: ALL_TEAMS };
/** The table's actions that open the detail dialog, and where each puts the focus. */
const DETAIL_FOCUS: Record<Exclude<SubmissionAction, 'files'>, DetailFocus | undefined> = {
  view: undefined,
  comments: 'comments',
  task: 'task',
};

/**
 * 'Resumen Semanal': the week's tiles, who is pending, and its reports, one page at a time as the
 * server filters them (GET /api/appa/week). The rows' 'Recordar' and the report dialogs come from
 * the reminders and the reviews.
 */
export function SummaryTab() {
  const user = useSignedInUser();
  const timeZone = useOrganisationTimeZone();
  const { weeks, week, selectWeek } = useSelectedWeek(user.timezone);

  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // Drawn from the first opening on, and kept: closing animates.
  const [dialogUsed, setDialogUsed] = useState(false);
  const openDialog = (next: OpenDialog) => {
    setDialogUsed(true);
    setDialog(next);
  };
  const search = useDebouncedValue(filters.search);
  const [page, setPage] = usePage(
    JSON.stringify([week.weekStart, filters.status, search, filters.team]),
  );
  const query = useWatchedWeekPage({
    weekStart: week.weekStart,
    status: filters.status,
    q: search,
    team: filters.team,
    page,
  });
  const pendingView = filters.status === 'pendientes';
  // A selection belongs to one week and one table: it starts empty when either changes. It keeps
  // the rows checked on other pages.
  const selectionKey = `${week.weekStart}|${pendingView ? 'pending' : 'reports'}`;
  const [selection, setSelection] = useState({ key: selectionKey, rows: NO_SELECTION });
  const selected = selection.key === selectionKey ? selection.rows : NO_SELECTION;

  // The week's tiles, lists and table are hundreds of elements: drawn in a render React may
  // interrupt (a deferred one), not in one long task that holds the page when the answer lands.
  const data = useDeferredValue(query.data);
  // The rows on screen; while another table's first page loads they belong to the other table.
  const submissions = pendingView ? [] : (data?.submissions ?? []);
  const pending = pendingView ? (data?.pending ?? []) : [];
  const pageRows: SelectedRow[] = pendingView
    ? pending.map((p) => ({ id: p.id, userId: p.id, downloadable: false }))
    : submissions.map((s) => ({ id: s.id, userId: s.userId, downloadable: s.abilities.download }));

  const changeFilters = (change: Partial<Filters>) =>
    setFilters((current) => ({ ...current, ...change }));
  const select = (rows: readonly SelectedRow[], checked: boolean) =>
    setSelection({ key: selectionKey, rows: selectRows(selected, rows, checked) });
  const toggle = (id: string) => {
    const row = pageRows.find((r) => r.id === id);
    if (row) setSelection({ key: selectionKey, rows: toggleRow(selected, row) });
  };
  const toggleAll = (ids: readonly string[], checked: boolean) =>
    select(
      pageRows.filter((r) => ids.includes(r.id)),
      checked,
    );
  const clearSelection = () => setSelection({ key: selectionKey, rows: NO_SELECTION });
  const selectedIds = new Set(selected.keys());

  const onAction = (action: SubmissionAction, submission: ReportSummary) =>
    openDialog(
      action === 'files'
        ? { kind: 'files', submission }
        : { kind: 'detail', submission, focus: DETAIL_FOCUS[action] },
    );
  // The dialog shows the report as the latest poll of the page has it.
  const current = (s: ReportSummary) => submissions.find((x) => x.id === s.id) ?? s;
  const reportCount = data ? data.counts.sent + data.counts.drafts : 0;

  return (
    <div className={cn('grid grid-cols-1 gap-6', selected.size > 0 && 'pb-40 sm:pb-24')}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1.5">
          <h2 className="text-xl font-semibold tracking-tight">Resumen Semanal</h2>
          <p className="text-sm text-muted-foreground">{weekLabel(week)}</p>
        </div>
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <WeekSelect weeks={weeks} value={week.weekStart} onChange={selectWeek} />
          <WeekCsvLink
            weekStart={week.weekStart}
            team={filters.team}
            className="w-full sm:w-auto"
          />
        </div>
      </div>

      {!data ? (
        query.isError ? (
          <RetryAlert
            message={`No se pudo cargar el resumen de la semana. ${query.error.message}`}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <div className="flex justify-center py-10">
            <Spinner label="Cargando resumen de la semana" />
          </div>
        )
      ) : (
        <>
          {query.isError ? (
            <RetryAlert
              message={`No se pudo actualizar el resumen. ${query.error.message}`}
              onRetry={() => void query.refetch()}
            />
          ) : null}
          <SummaryTiles
            counts={data.counts}
            pendingActive={pendingView}
            onShowPending={() => changeFilters({ status: 'pendientes' })}
          />
          {data.counts.pending > 0 ? (
            <PendingAuthorsCard
              preview={data.pendingPreview}
              total={data.counts.pending}
              absent={data.absent}
              week={week}
              onShowAll={pendingView ? undefined : () => changeFilters({ status: 'pendientes' })}
            />
          ) : null}

          {/* The rows' dialogs load on the first sign of intent (pointer or focus over the table),
              not with the panel; opening one before they have arrived waits for them. */}
          <Card onPointerEnter={prefetchDialogs} onFocus={prefetchDialogs}>
            <CardHeader>
              <CardTitle as="h3">
                {pendingView ? 'Usuarios pendientes' : 'APPAs de la semana'}
              </CardTitle>
              <CardDescription aria-live="polite">
                {pendingView
                  ? `${data.total} de ${data.counts.pending} pendientes`
                  : `${data.total} de ${reportCount} APPAs`}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4">
              <ReportFilterFields
                filters={filters}
                statusOptions={STATUS_FILTERS}
                teams={data.teams}
                searchPlaceholder="Nombre o correo..."
                searchMaxLength={WEEK_SEARCH_MAX}
                onChange={changeFilters}
              />
              {pageRows.length === 0 && query.isPlaceholderData ? (
                <div className="flex justify-center py-8">
                  <Spinner label="Cargando filas" />
                </div>
              ) : pendingView ? (
                pending.length === 0 ? (
                  <EmptyState>
                    {data.counts.pending === 0
                      ? 'Todos enviaron su APPA esta semana.'
                      : 'Ninguna persona pendiente coincide con los filtros.'}
                  </EmptyState>
                ) : (
                  <PendingTable
                    rows={pending}
                    weekStart={week.weekStart}
                    selected={selectedIds}
                    onToggle={toggle}
                    onToggleAll={toggleAll}
                    onMarkSubmitted={(author) => openDialog({ kind: 'mark', author })}
                    remindButton={(person, weekStart) => (
                      <RemindUserButton user={person} weekStart={weekStart} />
                    )}
                  />
                )
              ) : submissions.length === 0 ? (
                <EmptyState>
                  {reportCount === 0
                    ? 'Aún no hay APPAs para esta semana.'
                    : 'Ningún APPA coincide con los filtros.'}
                </EmptyState>
              ) : (
                <SubmissionsTable
                  rows={submissions}
                  selected={selectedIds}
                  onToggle={toggle}
                  onToggleAll={toggleAll}
                  onAction={onAction}
                  timeZone={timeZone}
                  remindButton={(s) => <RemindUserButton user={s.user} weekStart={s.weekStart} />}
                />
              )}
              <TablePager page={data.page} pageCount={data.pageCount} onPage={setPage} />
            </CardContent>
          </Card>
        </>
      )}

      {selected.size > 0 ? (
        <SelectionBar
          count={selected.size}
          remindButton={
            <RemindSelectedButton userIds={selectedUserIds(selected)} weekStart={week.weekStart} />
          }
          submissionIds={pendingView ? null : downloadableIds(selected)}
          onClear={clearSelection}
        />
      ) : null}

      {dialogUsed ? (
        <Suspense fallback={null}>
          <SummaryDialog
            dialog={dialog}
            week={week}
            current={current}
            onClose={() => setDialog(null)}
            onMarked={(author) => {
              // Marked as sent, the person leaves the pending table, and so its selection.
              select([{ id: author.id, userId: author.id, downloadable: false }], false);
              setDialog(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
