import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * The box of every table of the admin screens and dashboards. Below 640 px its table reads as a
 * list of cards (the `table-cards` styles of index.css): give each `<td>` a `data-label` with its
 * column's name, and the row's name a `<th scope="row">`, the card's title. Between that and a
 * wide screen the table scrolls sideways inside the box, so the page never does; the box is
 * focusable so that a keyboard can scroll it too.
 */
export function TableRegion({
  label,
  className,
  children,
}: {
  label: string;
  /** E.g. a maximum height, past which it scrolls down too. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'table-cards relative max-w-full overflow-x-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** The column names of a plain table, one `<th scope="col">` each, in the tables' shared style. */
export function ColumnHeads({ headers }: { headers: readonly string[] }) {
  return (
    <thead className="bg-muted/60 text-left text-xs text-muted-foreground uppercase">
      <tr>
        {headers.map((header) => (
          <th key={header} scope="col" className="px-2 py-2 font-medium">
            {header}
          </th>
        ))}
      </tr>
    </thead>
  );
}
