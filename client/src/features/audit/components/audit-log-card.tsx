import { useState } from 'react';
import { TableRegion } from '@/components/table-region';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useAuditLog, type AuditFilters } from '../api/get-audit-log';
import { formatDateTime, parseDayMonthYear } from '@common/date-format';
import { AUDIT_MSG } from '@common/schemas/audit';
import { useOrganisationTimeZone } from '@/lib/api/get-config';
import { ACTION_FILTER_GROUPS, actionLabel, entityLabel, formatMeta } from '../lib/audit-labels';

const COLUMNS = {
  date: 'Fecha y hora',
  actor: 'Actor',
  action: 'Acción',
  entity: 'Entidad',
  detail: 'Detalle',
} as const;
const HEADERS = Object.values(COLUMNS);

/**
 * A day typed as people write it, dd/mm/aaaa, whatever the browser's language (a date input shows
 * mm/dd/yyyy in an English one). The filter follows each valid date as it is typed; an invalid one
 * says so once the field is left, and filters nothing meanwhile.
 */
function DateFilter({
  label,
  error,
  onDate,
}: {
  label: string;
  error: string;
  /** 'yyyy-mm-dd', or '' when the field is empty. */
  onDate: (date: string) => void;
}) {
  const [text, setText] = useState('');
  const [left, setLeft] = useState(false);
  const invalid = text.trim() !== '' && parseDayMonthYear(text) === null;
  return (
    <FormField label={label} error={left && invalid ? error : undefined}>
      <Input
        inputMode="numeric"
        placeholder="dd/mm/aaaa"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          const value = e.target.value;
          setText(value);
          setLeft(false);
          const day = parseDayMonthYear(value);
          if (value.trim() === '') onDate('');
          else if (day) onDate(day);
        }}
        onBlur={() => setLeft(true)}
      />
    </FormField>
  );
}

/** 'Registro de auditoría': sign-ins, refusals and administrative changes, newest first. */
export function AuditLogCard() {
  const [filters, setFilters] = useState<AuditFilters>({ action: '', from: '', to: '' });
  const log = useAuditLog(filters);
  const timeZone = useOrganisationTimeZone();
  const set = (key: keyof AuditFilters) => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value }));
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Registro de auditoría</CardTitle>
        <CardDescription>
          Inicios de sesión, permisos denegados y cambios administrativos. Las fechas y horas están
          en la zona horaria de la organización.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <FormField label="Acción">
            <NativeSelect value={filters.action} onChange={(e) => set('action')(e.target.value)}>
              <option value="">Todas las acciones</option>
              {ACTION_FILTER_GROUPS.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.options.map((a) => (
                    <option key={a.value} value={a.value}>
                      {a.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </NativeSelect>
          </FormField>
          <DateFilter label="Desde" error={AUDIT_MSG.invalidFrom} onDate={set('from')} />
          <DateFilter label="Hasta" error={AUDIT_MSG.invalidTo} onDate={set('to')} />
        </div>

        {log.isPending ? (
          <Spinner label="Cargando registro..." />
        ) : log.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{log.error.message}</AlertDescription>
          </Alert>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No hay registros para estos filtros.</p>
        ) : (
          <TableRegion label="Tabla de auditoría" className="max-h-[32rem] overflow-auto">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
                <tr>
                  {HEADERS.map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-medium">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {entries.map((e) => (
                  <tr key={e.id} className="align-top">
                    <td data-label={COLUMNS.date} className="px-3 py-2 whitespace-nowrap">
                      <time dateTime={e.createdAt}>{formatDateTime(e.createdAt, timeZone)}</time>
                    </td>
                    <td data-label={COLUMNS.actor} className="px-3 py-2">
                      {e.actor?.fullName ?? 'Sistema'}
                    </td>
                    <td data-label={COLUMNS.action} className="px-3 py-2" title={e.action}>
                      {actionLabel(e.action)}
                    </td>
                    <td data-label={COLUMNS.entity} className="px-3 py-2">
                      {entityLabel(e.entity)}
                    </td>
                    <td
                      data-label={COLUMNS.detail}
                      className="max-w-xs px-3 py-2 font-mono text-xs break-words text-muted-foreground"
                    >
                      {formatMeta(e.meta)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}

        {log.hasNextPage ? (
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
          >
            {log.isFetchingNextPage ? 'Cargando...' : 'Cargar más'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
