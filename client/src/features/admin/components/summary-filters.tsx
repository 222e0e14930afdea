import { WEEK_SEARCH_MAX } from '@common/schemas/panel';
import {
  ALL_TEAMS,
  isStatusFilter,
  STATUS_FILTERS,
  type SummaryFilters as Filters,
} from '@common/week-filters';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

/** Search (name or e-mail), status and team: the team options are the week's own teams. */
export function SummaryFilters({
  filters,
  teams,
  onChange,
}: {
  filters: Filters;
  teams: readonly string[];
  onChange: (change: Partial<Filters>) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-search`}>Buscar</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Nombre o correo..."
            maxLength={WEEK_SEARCH_MAX}
            className="pl-9"
            value={filters.search}
            onChange={(e) => onChange({ search: e.currentTarget.value })}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Estado</Label>
        <NativeSelect
          id={`${id}-status`}
          value={filters.status}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (isStatusFilter(value)) onChange({ status: value });
          }}
        >
          {STATUS_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-team`}>Equipo</Label>
        <NativeSelect
          id={`${id}-team`}
          value={filters.team}
          onChange={(e) => onChange({ team: e.currentTarget.value })}
        >
          <option value={ALL_TEAMS}>Todos los equipos</option>
          {teams.map((team) => (
            <option key={team} value={team}>
              {team}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
