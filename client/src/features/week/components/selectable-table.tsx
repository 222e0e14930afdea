import type { ReactNode } from 'react';
import { TableRegion } from '@/components/table-region';

const headCellClass = 'px-2 py-2.5 font-medium';
const theadClass = 'bg-muted/60 text-left text-xs text-muted-foreground uppercase';

/** The select-all box of a page of rows: checked when all are, mixed when some are. */
function SelectAllCheckbox({
  ids,
  selected,
  onChange,
}: {
  ids: readonly string[];
  selected: ReadonlySet<string>;
  onChange: (ids: readonly string[], checked: boolean) => void;
}) {
  const count = ids.filter((id) => selected.has(id)).length;
  return (
    <label className="inline-flex items-center gap-2">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        aria-label="Seleccionar todos los de esta página"
        checked={ids.length > 0 && count === ids.length}
        ref={(box) => {
          if (box) box.indeterminate = count > 0 && count < ids.length;
        }}
        disabled={ids.length === 0}
        onChange={(e) => onChange(ids, e.currentTarget.checked)}
      />
      {/* On a phone the head shows only this box, above the cards: it needs words. */}
      <span aria-hidden="true" className="text-sm font-normal normal-case sm:hidden">
        Seleccionar todos
      </span>
    </label>
  );
}

/** The first cell of a row: its box (in the corner of the card on a phone). */
export function RowCheckbox({
  name,
  checked,
  onChange,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <td data-row-select className="px-3 py-2.5">
      <label className="flex items-center justify-center">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          aria-label={`Seleccionar a ${name}`}
          checked={checked}
          onChange={onChange}
        />
      </label>
    </td>
  );
}

/**
 * A table whose rows can be checked: its region, a head with the select-all box of the rows shown,
 * then the rows (each starting with a RowCheckbox cell).
 */
export function SelectableTable({
  label,
  className,
  headers,
  ids,
  selected,
  onToggleAll,
  children,
}: {
  label: string;
  /** The table's minimum width, below which its region scrolls. */
  className: string;
  headers: readonly string[];
  ids: readonly string[];
  selected: ReadonlySet<string>;
  onToggleAll: (ids: readonly string[], checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <TableRegion label={label}>
      <table className={`w-full border-collapse text-sm ${className}`}>
        <thead className={theadClass}>
          <tr>
            <th scope="col" className="w-10 px-3 py-2.5">
              <SelectAllCheckbox ids={ids} selected={selected} onChange={onToggleAll} />
            </th>
            {headers.map((header) => (
              <th key={header} scope="col" className={headCellClass}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}
