import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * 'Página X de Y' with previous and next, each enabled only when there is somewhere to go; on a
 * phone the two buttons show only their arrows, so the row fits inside a card.
 */
export function TablePager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Paginación" className="flex items-center justify-end gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        <span className="max-sm:sr-only">Anterior</span>
      </Button>
      <span
        className="text-sm whitespace-nowrap text-muted-foreground tabular-nums"
        aria-live="polite"
      >
        Página {page} de {pageCount}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        <span className="max-sm:sr-only">Siguiente</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
