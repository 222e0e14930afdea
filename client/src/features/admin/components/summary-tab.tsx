import {
  ALL_TEAMS,
  filterPending,
  filterSubmissions,
  type SummaryFilters as Filters,
  paginate,
} from '@common/week-filters';
import type { PanelSubmission, PendingAuthor } from '@common/schemas/panel';
import { weekLabel } from '@common/week';
import { FileSpreadsheet } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { downloadFile, toCsv } from '@/lib/download';
import { cn } from '@/lib/utils';
import { useWeek } from '../api/get-week';
import { useSelectedWeek } from '@/hooks/use-selected-week';
import { CSV_HEADERS, summaryCsvFileName, summaryCsvRows } from '../lib/week-summary';
import { AppaDetailDialogBody, type DetailFocus } from './appa-detail-dialog';
import { MarkSubmittedDialogBody } from './mark-submitted-dialog';
import { PendingAuthorsCard } from './pending-authors-card';
import { PendingTable } from './pending-table';
import { RetryAlert } from '@/components/retry-alert';
import { SelectionBar } from './selection-bar';
import { SubmissionFilesDialogBody } from './submission-files-dialog';
import { SubmissionsTable, type SubmissionAction } from './submissions-table';
import { SummaryFilters } from './summary-filters';
import { SummaryTiles } from './summary-tiles';
import { TablePager } from '@/components/table-pager';
import { WeekSelect } from '@/components/week-select';

type OpenDialog =
  | { kind: 'detail'; submission: PanelSubmission; focus?: DetailFocus }
  | { kind: 'files'; submission: PanelSubmission }
  | { kind: 'mark'; author: PendingAuthor };

function EmptyState({ children }: { children: ReactNode }) {
  return <p className="py-8 text-center text-muted-foreground">{children}</p>;
}

const NO_FILTERS: Filters = { search: '', status: 'todos', team: ALL_TEAMS };
const NOTHING: ReadonlySet<string> = new Set();
/** The table's actions that open the detail dialog, and where each puts the focus. */
const DETAIL_FOCUS: Record<Exclude<SubmissionAction, 'files'>, DetailFocus | undefined> = {
  view: undefined,
  comments: 'comments',
  task: 'task',
};

/** 'Resumen Semanal' (spec 2 §2): the week's tiles, who is pending, and its reports. */
export function SummaryTab() {
  const user = useSignedInUser();
  const timeZone = user.timezone;
  const { weeks, week, selectWeek } = useSelectedWeek(timeZone);
  const query = useWeek(week.weekStart);

  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const pendingView = filters.status === 'pendientes';
  // A selection belongs to one week and one table: it starts empty when either changes.
  const selectionKey = `${week.weekStart}|${pendingView ? 'pending' : 'reports'}`;
  const [selection, setSelection] = useState({ key: selectionKey, ids: NOTHING });
  const selectedIds = selection.key === selectionKey ? selection.ids : NOTHING;

  const changeFilters = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const toggle = (id: string) => {
    const ids = new Set(selectedIds);
    if (!ids.delete(id)) ids.add(id);
    setSelection({ key: selectionKey, ids });
  };
  const toggleAll = (pageIds: readonly string[], checked: boolean) => {
    const ids = new Set(selectedIds);
    for (const id of pageIds) {
      if (checked) ids.add(id);
      else ids.delete(id);
    }
    setSelection({ key: selectionKey, ids });
  };
  const clearSelection = () => setSelection({ key: selectionKey, ids: NOTHING });

  const data = query.data;
  const submissions = data ? filterSubmissions(data.submissions, filters) : [];
  const pending = data ? filterPending(data.pending, filters) : [];
  const shownSubmissions = paginate(submissions, page);
  const shownPending = paginate(pending, page);
  const pager = pendingView ? shownPending : shownSubmissions;

  // Only rows the filters still show count as selected (a person marked as sent drops out).
  const selectedSubmissions = pendingView ? [] : submissions.filter((s) => selectedIds.has(s.id));
  const selectedPending = pendingView ? pending.filter((p) => selectedIds.has(p.id)) : [];
  const selectedCount = pendingView ? selectedPending.length : selectedSubmissions.length;

  const exportCsv = () => {
    const rows = summaryCsvRows(
      pendingView ? [] : submissions,
      filters.status === 'todos' || pendingView ? pending : [],
      timeZone,
    );
    downloadFile(
      summaryCsvFileName(week.weekStart),
      toCsv(CSV_HEADERS, rows),
      'text/csv;charset=utf-8',
    );
    toast({ title: 'CSV generado', description: `${rows.length} filas exportadas.` });
  };

  const onAction = (action: SubmissionAction, submission: PanelSubmission) =>
    setDialog(
      action === 'files'
        ? { kind: 'files', submission }
        : { kind: 'detail', submission, focus: DETAIL_FOCUS[action] },
    );
  // The dialog shows the report as the latest poll has it.
  const current = (s: PanelSubmission) => data?.submissions.find((x) => x.id === s.id) ?? s;

  return (
    <div className={cn('grid grid-cols-1 gap-6', selectedCount > 0 && 'pb-40 sm:pb-24')}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1.5">
          <h2 className="text-xl font-semibold tracking-tight">Resumen Semanal</h2>
          <p className="text-sm text-muted-foreground">{weekLabel(week)}</p>
        </div>
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <WeekSelect
            weeks={weeks}
            value={week.weekStart}
            onChange={(weekStart) => {
              selectWeek(weekStart);
              setPage(1);
            }}
          />
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            disabled={!data}
            onClick={exportCsv}
          >
            <FileSpreadsheet aria-hidden="true" />
            Exportar CSV
          </Button>
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
          {data.pending.length > 0 ? (
            <PendingAuthorsCard pending={data.pending} week={week} />
          ) : null}

          <Card>
            <CardHeader>
              <CardTitle as="h3">
                {pendingView ? 'Usuarios pendientes' : 'APPAs de la semana'}
              </CardTitle>
              <CardDescription aria-live="polite">
                {pendingView
                  ? `${pending.length} de ${data.pending.length} pendientes`
                  : `${submissions.length} de ${data.submissions.length} APPAs`}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4">
              <SummaryFilters filters={filters} teams={data.teams} onChange={changeFilters} />
              {pendingView ? (
                pending.length === 0 ? (
                  <EmptyState>
                    {data.pending.length === 0
                      ? 'Todos enviaron su APPA esta semana.'
                      : 'Ninguna persona pendiente coincide con los filtros.'}
                  </EmptyState>
                ) : (
                  <PendingTable
                    rows={shownPending.rows}
                    weekStart={week.weekStart}
                    selected={selectedIds}
                    onToggle={toggle}
                    onToggleAll={toggleAll}
                    onMarkSubmitted={(author) => setDialog({ kind: 'mark', author })}
                  />
                )
              ) : submissions.length === 0 ? (
                <EmptyState>
                  {data.submissions.length === 0
                    ? 'Aún no hay APPAs para esta semana.'
                    : 'Ningún APPA coincide con los filtros.'}
                </EmptyState>
              ) : (
                <SubmissionsTable
                  rows={shownSubmissions.rows}
                  selected={selectedIds}
                  onToggle={toggle}
                  onToggleAll={toggleAll}
                  onAction={onAction}
                  timeZone={timeZone}
                />
              )}
              <TablePager page={pager.page} pageCount={pager.pageCount} onPage={setPage} />
            </CardContent>
          </Card>
        </>
      )}

      {selectedCount > 0 ? (
        <SelectionBar
          count={selectedCount}
          userIds={
            pendingView
              ? selectedPending.map((p) => p.id)
              : selectedSubmissions.map((s) => s.userId)
          }
          submissionIds={pendingView ? null : selectedSubmissions.map((s) => s.id)}
          weekStart={week.weekStart}
          onClear={clearSelection}
        />
      ) : null}

      <Dialog open={dialog !== null} onOpenChange={(open) => (open ? undefined : setDialog(null))}>
        <DialogContent className={dialog?.kind === 'detail' ? 'sm:max-w-3xl' : undefined}>
          {dialog?.kind === 'detail' ? (
            <AppaDetailDialogBody submission={current(dialog.submission)} focus={dialog.focus} />
          ) : null}
          {dialog?.kind === 'files' ? (
            <SubmissionFilesDialogBody submission={dialog.submission} />
          ) : null}
          {dialog?.kind === 'mark' ? (
            <MarkSubmittedDialogBody
              author={dialog.author}
              week={week}
              onDone={() => setDialog(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
