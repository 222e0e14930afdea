import { submissionMessageSchema, type SubmissionMessage } from '@common/schemas/panel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { panelKeys } from '@/lib/query-keys';

export type ReviewAppaInput = { submissionId: string; notes: string; isUpdate: boolean };

/** POST /api/appa/{id}/review: marks the report reviewed, or changes its notes (`isUpdate`). */
export function reviewAppa({ submissionId, notes, isUpdate }: ReviewAppaInput) {
  return api.post(`/api/appa/${encodeURIComponent(submissionId)}/review`, submissionMessageSchema, {
    notes,
    isUpdate,
  });
}

/** Spec 2 §8: 'Revisado', or 'Error al revisar APPA' with the server's reason. */
export function useReviewAppa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewAppa,
    onSuccess: ({ submission, message }: SubmissionMessage) => {
      toast({ title: 'Revisado', description: message });
      queryClient.setQueryData(panelKeys.detail(submission.id), submission);
      return queryClient.invalidateQueries({ queryKey: panelKeys.all });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error al revisar APPA', description: error.message }),
  });
}
