import type { SummaryFilters } from '@common/week-filters';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { downloadFile, toCsv } from '@/lib/download';
import { getWeek } from '../api/get-week';
import { CSV_HEADERS, filteredCsvRows, summaryCsvFileName } from '../lib/week-summary';

/**
 * 'Exportar CSV' of Resumen Semanal: every row the filters choose, not only the page on screen, so
 * it reads the whole week once and writes the file in the browser.
 */
export function useWeekCsvExport() {
  return useMutation({
    mutationFn: ({ weekStart }: { weekStart: string; filters: SummaryFilters; timeZone: string }) =>
      getWeek(weekStart, 'area'),
    onSuccess: (whole, { weekStart, filters, timeZone }) => {
      const rows = filteredCsvRows(whole, filters, timeZone);
      downloadFile(
        summaryCsvFileName(weekStart),
        toCsv(CSV_HEADERS, rows),
        'text/csv;charset=utf-8',
      );
      toast({ title: 'CSV generado', description: `${rows.length} filas exportadas.` });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'No se pudo generar el CSV',
        description: error.message,
      }),
  });
}
