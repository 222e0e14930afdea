import { PEOPLE_SEARCH_LIMIT } from '@common/schemas/dashboard';
import type { ReportSummary } from '@common/schemas/panel';
import { weekOf } from '@common/week';
import { format, parseISO, subWeeks } from 'date-fns';
import { useId, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DateRangeFields } from '@/components/date-range-fields';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { failureMessage } from '@/components/retry-alert';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { useHistory } from '../../api/get-history';
import { TREND_WEEKS, useTrends } from '../../api/get-trends';
import { usePeopleSearch } from '../../api/search-people';
import { EmptyMessage } from '@/components/empty-message';
import { QueryState } from '@/components/query-state';
import { ReportList } from '@/components/report-list';
import { PersonSearchField } from '@/components/person-search-field';
import { KpiTrendChart } from './kpi-trend-chart';

export interface TrendPerson {
  id: string;
  fullName: string;
}

function KpiTrend({ person }: { person: TrendPerson }) {
  const trends = useTrends(person.id);
  return (
    <QueryState query={trends}>
      {(data) =>
        data.kpi && data.kpi.length > 0 ? (
          <KpiTrendChart data={data.kpi} personName={person.fullName} />
        ) : (
          <EmptyMessage>{person.fullName} no tiene KPI en las últimas semanas.</EmptyMessage>
        )
      }
    </QueryState>
  );
}

function History({
  person,
  onOpen,
}: {
  person: TrendPerson;
  onOpen: (submission: ReportSummary) => void;
}) {
  const user = useSignedInUser();
  const current = weekOf(new Date(), user.timezone).weekStart;
  const [range, setRange] = useState(() => ({
    from: format(subWeeks(parseISO(current), TREND_WEEKS - 1), 'yyyy-MM-dd'),
    to: current,
  }));
  const { from, to } = range;
  const valid = from !== '' && to !== '' && from <= to;
  const history = useHistory(person.id, from, to);
  return (
    <div className="grid gap-3">
      <h4 className="font-semibold">Historial de APPAs</h4>
      <DateRangeFields {...range} onChange={setRange} className="sm:max-w-md" />
      {valid ? (
        <QueryState query={history}>
          {(reports) => (
            <ReportList
              submissions={[...reports].sort((a, b) => b.weekStart.localeCompare(a.weekStart))}
              empty="No hay APPAs en este rango de fechas"
              label={`Historial de ${person.fullName}`}
              onOpen={onOpen}
            />
          )}
        </QueryState>
      ) : (
        <p role="alert" className="text-sm text-destructive">
          El rango de fechas no es válido
        </p>
      )}
    </div>
  );
}

/**
 * Who to chart: the server searches the viewer's area as one types (GET /api/dashboard/people, at
 * most PEOPLE_SEARCH_LIMIT by name), and the select offers what it found.
 */
function PersonPicker({
  person,
  onPick,
}: {
  person: TrendPerson | null;
  onPick: (person: TrendPerson | null) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const found = usePeopleSearch(q);
  const results = found.data ?? [];
  // The person chosen stays selectable while another search is shown.
  const options =
    person && !results.some((p) => p.id === person.id) ? [person, ...results] : results;
  const hint = found.error
    ? failureMessage(found.error)
    : found.isPending
      ? 'Buscando…'
      : results.length === 0
        ? 'Nadie coincide con la búsqueda'
        : results.length === PEOPLE_SEARCH_LIMIT
          ? `Primeras ${PEOPLE_SEARCH_LIMIT} personas: escribe para acotar`
          : `${results.length} ${results.length === 1 ? 'persona encontrada' : 'personas encontradas'}`;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <PersonSearchField value={search} onChange={setSearch} />
      <div className="grid gap-1.5 sm:max-w-md">
        <Label htmlFor={id}>Persona</Label>
        <NativeSelect
          id={id}
          value={person?.id ?? ''}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onPick(options.find((p) => p.id === e.currentTarget.value) ?? null)}
        >
          <option value="">Selecciona una persona</option>
          {options.map((p) => (
            <option key={p.id} value={p.id}>
              {p.fullName}
            </option>
          ))}
        </NativeSelect>
        <p
          id={`${id}-hint`}
          aria-live="polite"
          className={found.error ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}
        >
          {hint}
        </p>
      </div>
    </div>
  );
}

/**
 * 'Tendencias por persona': find someone of the area, see their KPI logro vs meta over the last
 * weeks and their reports over a date range (each openable).
 */
export function PersonTrendsCard({ onOpen }: { onOpen: (submission: ReportSummary) => void }) {
  const [person, setPerson] = useState<TrendPerson | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-lg">
          Tendencias por persona
        </CardTitle>
        <CardDescription>KPI (logro vs meta) e historial de APPAs de una persona</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <PersonPicker person={person} onPick={setPerson} />
        {person ? (
          <>
            <KpiTrend key={`kpi-${person.id}`} person={person} />
            <History key={`history-${person.id}`} person={person} onOpen={onOpen} />
          </>
        ) : (
          <EmptyMessage>Selecciona una persona para ver sus tendencias.</EmptyMessage>
        )}
      </CardContent>
    </Card>
  );
}
