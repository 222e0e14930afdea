import { TableRegion } from '@/components/table-region';
import type { RefusedRow } from '../lib/parse-bulk-users';

const RESULT_LABELS = { creado: 'Creado', omitido: 'Omitido', rechazado: 'Rechazado' } as const;

/** One row of the text as the results list shows it: its number, e-mail, manager and outcome. */
export type RowResult = Omit<RefusedRow, 'reason'> & {
  kind: keyof typeof RESULT_LABELS;
  /** As the text wrote it. */
  manager: string | null;
  /** Why it was not created. */
  reason: string | null;
};

const COLUMNS = { row: 'Fila', email: 'Correo', manager: 'Jefe', result: 'Resultado' } as const;

/** 'Resultado por fila': what became of every row of a bulk import, in the order of the text. */
export function BulkRowResults({ rows }: { rows: readonly RowResult[] }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">Resultado por fila</h3>
      <TableRegion label="Resultado por fila" className="max-h-64 overflow-auto">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
            <tr>
              {Object.values(COLUMNS).map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.kind}-${r.row}`} className="border-t align-top">
                <th scope="row" className="px-3 py-2 text-left font-normal tabular-nums">
                  <span className="sm:hidden">Fila </span>
                  {r.row}
                </th>
                <td data-label={COLUMNS.email} className="px-3 py-2 break-all">
                  {r.email ?? '—'}
                </td>
                <td data-label={COLUMNS.manager} className="px-3 py-2 break-all">
                  {r.manager ?? '—'}
                </td>
                <td data-label={COLUMNS.result} className="px-3 py-2">
                  <span className={r.kind === 'creado' ? 'text-success' : 'font-medium'}>
                    {RESULT_LABELS[r.kind]}
                  </span>
                  {r.reason ? `: ${r.reason}` : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </div>
  );
}
