import {
  reportSchema,
  type CurrentReport,
  type Report,
  type SaveReportInput,
} from '@common/schemas/report';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateReportViews } from '@/lib/query-roots';
import { currentReportQueryKey } from './get-current-report';

/** POST /api/appa: saves the draft or sends the report of the author's current week. */
export function saveReport(input: SaveReportInput): Promise<Report> {
  return api.post('/api/appa', reportSchema, input);
}

/**
 * The form keeps the saved report (its own query is never refetched while being typed in); every
 * other view of the report (the author's own week on /lider, the panel, the dashboards, its
 * attachments) reads it again.
 */
export const saveReportMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: saveReport,
    onSuccess: (report) => {
      queryClient.setQueryData<CurrentReport>(currentReportQueryKey, (current) =>
        current ? { ...current, report } : current,
      );
      void invalidateReportViews(queryClient);
    },
  });

/**
 * For the form: an ended session (401) does not sign the page out, the form asks for the password
 * and saves again, so that nothing typed is lost.
 */
export function useSaveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveReportMutationOptions(queryClient),
    meta: { handlesUnauthorized: true },
    // Offline, a save fails at once (the form says so and tries again) instead of waiting unseen.
    networkMode: 'always',
  });
}
