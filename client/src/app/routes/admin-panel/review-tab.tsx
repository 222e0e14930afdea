import { isReviewFilter, REVIEW_FILTERS, type ReviewFilter } from '@common/week-filters';
import type { ReportSummary } from '@common/schemas/panel';
import { weekLabel } from '@common/week';
import { useId, useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/lib/api/get-current-user';
import {
  AppaDetailDialogBody,
  type DetailFocus,
} from '@/features/reviews/components/appa-detail-dialog';
import { MyTasksCard } from '@/features/reviews/components/my-tasks-card';
import { ReviewCard } from '@/features/reviews/components/review-card';
import { useWatchedWeekPage } from '@/features/week/api/get-week-page';
import { usePage } from '@/hooks/use-page';
import { useSelectedWeek } from '@/hooks/use-selected-week';
import { RetryAlert } from '@/components/retry-alert';
import { TablePager } from '@/components/table-pager';
import { WeekSelect } from '@/components/week-select';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-xs">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
    </div>
  );
}

type OpenDetail = { submission: ReportSummary; focus?: DetailFocus };

/**
 * 'Revisión de APPAs': 'Mis tareas', then the week's sent reports with the review filter, the
 * counters and a card each, a page of them at a time (GET /api/appa/week).
 * 'Comentarios' and 'Marcar Revisado' open the detail dialog with the focus on the comment box or
 * on the review notes, so that notes can be written first.
 */
export function ReviewTab() {
  const user = useSignedInUser();
  const timeZone = useOrganisationTimeZone();
  const { weeks, week, selectWeek } = useSelectedWeek(user.timezone);
  const [filter, setFilter] = useState<ReviewFilter>('todos');
  const [page, setPage] = usePage(`${week.weekStart}|${filter}`);
  const [detail, setDetail] = useState<OpenDetail | null>(null);
  const filterId = useId();
  const query = useWatchedWeekPage({
    weekStart: week.weekStart,
    status: 'enviados',
    review: filter,
    page,
  });

  const data = query.data;
  const shown = data?.submissions ?? [];
  const counts = data?.review ?? { total: 0, unreviewed: 0, reviewed: 0 };
  // The dialog shows the report as the latest poll of the page has it.
  const current = (s: ReportSummary) => shown.find((x) => x.id === s.id) ?? s;

  return (
    <div className="grid gap-6">
      <MyTasksCard />

      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1.5">
          <h2 className="text-xl font-semibold tracking-tight">Revisión de APPAs</h2>
          <p className="text-sm text-muted-foreground">{weekLabel(week)}</p>
        </div>
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <WeekSelect weeks={weeks} value={week.weekStart} onChange={selectWeek} />
          <div className="grid w-full min-w-0 gap-1.5 sm:w-44">
            <Label htmlFor={filterId}>Revisión</Label>
            <NativeSelect
              id={filterId}
              value={filter}
              onChange={(e) => {
                const value = e.currentTarget.value;
                if (isReviewFilter(value)) setFilter(value);
              }}
            >
              {REVIEW_FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </div>

      <div className="grid grid-cols-3 gap-3" aria-label="Contadores de revisión" role="group">
        <Counter label="Total" value={counts.total} />
        <Counter label="Sin revisar" value={counts.unreviewed} />
        <Counter label="Revisados" value={counts.reviewed} />
      </div>

      {query.isError ? (
        <RetryAlert message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <div className="flex justify-center py-10">
          <Spinner label="Cargando APPAs" />
        </div>
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
          {counts.total === 0
            ? 'Nadie ha enviado su APPA esta semana.'
            : 'Ningún APPA coincide con el filtro.'}
        </p>
      ) : (
        <div className="grid gap-4">
          <ul className="grid gap-3" aria-label="APPAs enviados">
            {shown.map((s) => (
              <ReviewCard
                key={s.id}
                submission={s}
                timeZone={timeZone}
                onOpen={(focus) => setDetail({ submission: s, focus })}
              />
            ))}
          </ul>
          <TablePager page={data.page} pageCount={data.pageCount} onPage={setPage} />
        </div>
      )}

      <Dialog open={detail !== null} onOpenChange={(open) => (open ? undefined : setDetail(null))}>
        <DialogContent className="sm:max-w-3xl">
          {detail ? (
            <AppaDetailDialogBody submission={current(detail.submission)} focus={detail.focus} />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
