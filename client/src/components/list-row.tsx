import type { ReactNode } from 'react';

/** A row of a list of people: who (name and a line about them), then its state or actions. */
export function ListRow({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words">{title}</p>
        <p className="text-sm break-words text-muted-foreground">{subtitle}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">{children}</div>
    </li>
  );
}
