import type { SummaryFilters } from '@common/week-filters';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { downloadFile } from '@/lib/download';
import { getWeek } from '../api/get-week';

/**
 * 'Exportar CSV' of Resumen Semanal: every row the filters choose, not only the page on screen, so
 * it reads the whole week once and writes the file in the browser. What writes it (the report's
 * layout, the CSV rule) loads with the first export, not with the panel.
 */
export function useWeekCsvExport() {
  return useMutation({
    mutationFn: async ({ weekStart, filters }: { weekStart: string; filters: SummaryFilters }) => {
      const [whole, { csvOf, WEEKLY_LAYOUT }, { filteredCsvRows, summaryCsvFileName }] =
        await Promise.all([
          getWeek(weekStart, 'area'),
          import('@common/report-layouts'),
          import('../lib/week-summary'),
        ]);
      const rows = filteredCsvRows(whole, filters);
      return {
        fileName: summaryCsvFileName(weekStart),
        csv: csvOf(WEEKLY_LAYOUT, rows, { timeZone: whole.timeZone }),
        count: rows.length,
      };
    },
    onSuccess: ({ fileName, csv, count }) => {
      downloadFile(fileName, csv, 'text/csv;charset=utf-8');
      toast({ title: 'CSV generado', description: `${count} filas exportadas.` });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'No se pudo generar el CSV',
        description: error.message,
      }),
  });
}
