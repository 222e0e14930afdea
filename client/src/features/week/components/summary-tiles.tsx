import type { WeekResponse } from '@common/schemas/panel';
import { CircleCheck, Clock, FilePen, Paperclip } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

function Tile({
  label,
  value,
  icon: Icon,
  tone,
}: {
  label: string;
  value: number;
  icon: LucideIcon;
  tone: string;
}): ReactNode {
  return (
    <>
      <span className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        {label}
        <Icon aria-hidden="true" className={cn('size-4', tone)} />
      </span>
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
    </>
  );
}

const tileClass = 'grid gap-1 rounded-xl border bg-card p-4 text-left shadow-sm';

/** Enviados, Pendientes (a button: it filters the tables to pending), Borradores, Adjuntos. */
export function SummaryTiles({
  counts,
  pendingActive,
  onShowPending,
}: {
  counts: WeekResponse['counts'];
  pendingActive: boolean;
  onShowPending: () => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <div className={tileClass}>
        <Tile label="Enviados" value={counts.sent} icon={CircleCheck} tone="text-success" />
      </div>
      <button
        type="button"
        className={cn(
          tileClass,
          'transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
          pendingActive && 'border-primary ring-1 ring-primary',
        )}
        aria-pressed={pendingActive}
        title="Ver solo los pendientes"
        onClick={onShowPending}
      >
        <Tile label="Pendientes" value={counts.pending} icon={Clock} tone="text-destructive" />
      </button>
      <div className={tileClass}>
        <Tile label="Borradores" value={counts.drafts} icon={FilePen} tone="text-primary" />
      </div>
      <div className={tileClass}>
        <Tile label="Adjuntos" value={counts.files} icon={Paperclip} tone="text-muted-foreground" />
      </div>
    </div>
  );
}
