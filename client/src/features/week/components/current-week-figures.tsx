import type { Week } from '@common/week';
import { CircleCheck, Clock, Paperclip, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { RetryAlert } from '@/components/retry-alert';
import { Spinner } from '@/components/ui/spinner';
import { useWatchedWeekPage } from '../api/get-week-page';
import { WeekAnalysis } from './week-analysis';

function Counter({ label, value, icon: Icon }: { label: string; value: number; icon: LucideIcon }) {
  return (
    <div className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm">
      <dt className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        {label}
        <Icon aria-hidden="true" className="size-4" />
      </dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** The current week's counters and analysis: the tiles of the week's first page (one row). */
export function CurrentWeekFigures({ week }: { week: Week }) {
  const query = useWatchedWeekPage({ weekStart: week.weekStart, pageSize: 1 });
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> Cargando la semana…
      </p>
    );
  }
  if (query.isError) {
    return <RetryAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const { counts } = query.data;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Counter label="Total usuarios" value={counts.expected} icon={Users} />
        <Counter label="Enviados" value={counts.sent} icon={CircleCheck} />
        <Counter label="Pendientes" value={counts.pending} icon={Clock} />
        <Counter label="Adjuntos" value={counts.files} icon={Paperclip} />
      </dl>
      <WeekAnalysis counts={counts} />
    </>
  );
}
