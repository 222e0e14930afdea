import { csvOf, WEEKLY_LAYOUT } from '@common/report-layouts';
import type { SummaryFilters } from '@common/week-filters';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { downloadFile } from '@/lib/download';
import { getWeek } from '../api/get-week';
import { filteredCsvRows, summaryCsvFileName } from '../lib/week-summary';

/**
 * 'Exportar CSV' of Resumen Semanal: every row the filters choose, not only the page on screen, so
 * it reads the whole week once and writes the file in the browser.
 */
export function useWeekCsvExport() {
  return useMutation({
    mutationFn: ({ weekStart }: { weekStart: string; filters: SummaryFilters }) =>
      getWeek(weekStart, 'area'),
    onSuccess: (whole, { weekStart, filters }) => {
      const rows = filteredCsvRows(whole, filters);
      downloadFile(
        summaryCsvFileName(weekStart),
        csvOf(WEEKLY_LAYOUT, rows, { timeZone: whole.timeZone }),
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
