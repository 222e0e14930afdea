import { PAGE_SIZE } from '@common/week-filters';
import type { ReportSummary } from '@common/schemas/panel';
import { useState, type ReactNode } from 'react';
import { TablePager } from '@/components/table-pager';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePage } from '@/hooks/use-page';
import { useWeekPage } from '../api/get-week-page';
import { EmptyMessage } from '@/components/empty-message';
import { QueryState } from '@/components/query-state';
import { ReportList } from '@/components/report-list';
import { PersonSearchField } from '@/components/person-search-field';
import { WeekCsvLink } from '@/components/week-csv-link';

function countLine(total: number, q: string) {
  if (!q) return total === 1 ? '1 APPA en la semana' : `${total} APPAs en la semana`;
  return total === 1
    ? '1 APPA coincide con la búsqueda'
    : `${total} APPAs coinciden con la búsqueda`;
}

/**
 * A week list of a dashboard, 20 reports at a time from the server (GET /api/appa/week), searched
 * by name or e-mail. `children` draws the page's reports.
 */
export function AreaWeekPage({
  weekStart,
  children,
}: {
  weekStart: string;
  children: (submissions: readonly ReportSummary[]) => ReactNode;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [page, setPage] = usePage(`${weekStart}|${q}`);
  const week = useWeekPage({ weekStart, q, page, pageSize: PAGE_SIZE });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-2">
        <PersonSearchField value={search} onChange={setSearch} />
        <WeekCsvLink weekStart={weekStart} className="w-full sm:w-auto" />
      </div>
      <QueryState query={week}>
        {(data) =>
          data.total === 0 ? (
            <EmptyMessage>
              {q ? 'Ningún APPA coincide con la búsqueda' : 'No hay APPAs para esta semana'}
            </EmptyMessage>
          ) : (
            <>
              <p className="text-sm text-muted-foreground">{countLine(data.total, q)}</p>
              {children(data.submissions)}
              <TablePager page={data.page} pageCount={data.pageCount} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}

/** APPAs por Semana of /consejo and /vp: the week's reports a page at a time, each with 'Ver APPA'. */
export function AreaWeekReports({
  weekStart,
  onOpen,
}: {
  weekStart: string;
  onOpen: (submission: ReportSummary) => void;
}) {
  return (
    <AreaWeekPage key={weekStart} weekStart={weekStart}>
      {(submissions) => (
        <ReportList
          submissions={submissions}
          empty="No hay APPAs para esta semana"
          label="APPAs de la semana"
          onOpen={onOpen}
        />
      )}
    </AreaWeekPage>
  );
}
