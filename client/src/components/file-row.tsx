import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One attachment in a list: its name (a download link when `href` is given), its size, and an
 * optional action at the end (download, remove).
 */
export function FileRow({
  fileName,
  size,
  href,
  action,
}: {
  fileName: string;
  /** Already formatted: '12.3 KB' or 'Tamaño desconocido'. */
  size: string;
  href?: string;
  action?: ReactNode;
}) {
  return (
    <li className="flex min-w-0 items-center gap-3 rounded-md border bg-muted/40 py-2 pr-2 pl-3">
      <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 flex-1">
        {href ? (
          <a
            href={href}
            download={fileName}
            title={fileName}
            className="block truncate text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {fileName}
          </a>
        ) : (
          <span className="block truncate text-sm font-medium" title={fileName}>
            {fileName}
          </span>
        )}
        <span className="block text-xs text-muted-foreground">{size}</span>
      </span>
      {action}
    </li>
  );
}
