import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** 'Página X de Y' with previous and next, each enabled only when there is somewhere to go. */
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
        Anterior
      </Button>
      <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        Página {page} de {pageCount}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Siguiente
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
