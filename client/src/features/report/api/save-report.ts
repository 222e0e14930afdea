import {
  reportSchema,
  type CurrentReport,
  type Report,
  type SaveReportInput,
} from '@common/schemas/report';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from '@/lib/query-keys';

/** POST /api/appa: saves the draft or sends the report of the author's current week. */
export function saveReport(input: SaveReportInput): Promise<Report> {
  return api.post('/api/appa', reportSchema, input);
}

export function useSaveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReport,
    onSuccess: (report) => {
      queryClient.setQueryData<CurrentReport>(reportKeys.current(), (current) =>
        current ? { ...current, report } : current,
      );
    },
  });
}
