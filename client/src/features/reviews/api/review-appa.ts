import { submissionMessageSchema, type SubmissionMessage } from '@common/schemas/panel';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { invalidateReportViews } from '@/lib/query-roots';
import { appaQueryKey } from './get-appa';

export type ReviewAppaInput = { submissionId: string; notes: string; isUpdate: boolean };

/** POST /api/appa/{id}/review: marks the report reviewed, or changes its notes (`isUpdate`). */
export function reviewAppa({ submissionId, notes, isUpdate }: ReviewAppaInput) {
  return api.post(`/api/appa/${encodeURIComponent(submissionId)}/review`, submissionMessageSchema, {
    notes,
    isUpdate,
  });
}

/**
 * 'Revisado', or 'Error al revisar APPA' with the server's reason. A reviewed report reads as
 * reviewed at once in the dialog, then wherever it is listed: the panel's week and the dashboards.
 */
export const reviewAppaMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: reviewAppa,
    onSuccess: ({ submission, message }: SubmissionMessage) => {
      toast({ title: 'Revisado', description: message });
      queryClient.setQueryData(appaQueryKey(submission.id), submission);
      return invalidateReportViews(queryClient);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error al revisar APPA', description: error.message }),
  });

export function useReviewAppa() {
  const queryClient = useQueryClient();
  return useMutation(reviewAppaMutationOptions(queryClient));
}
