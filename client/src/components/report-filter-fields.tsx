import { Search } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

export type ReportFilterValues<S extends string> = { search: string; status: S; team: string };

/**
 * Buscar, Estado and Equipo above a week's list of reports. Each screen brings its status options
 * and what its search reads (the placeholder says it); the team options are the week's own teams,
 * '' standing for all of them.
 */
export function ReportFilterFields<S extends string>({
  filters,
  statusOptions,
  teams,
  searchPlaceholder,
  searchMaxLength,
  onChange,
}: {
  filters: ReportFilterValues<S>;
  statusOptions: readonly { value: S; label: string }[];
  teams: readonly string[];
  searchPlaceholder: string;
  searchMaxLength?: number;
  onChange: (change: Partial<ReportFilterValues<S>>) => void;
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
            placeholder={searchPlaceholder}
            maxLength={searchMaxLength}
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
            const option = statusOptions.find((o) => o.value === value);
            if (option) onChange({ status: option.value });
          }}
        >
          {statusOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
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
          <option value="">Todos los equipos</option>
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
