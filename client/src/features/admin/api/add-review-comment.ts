import { reviewCommentSchema, type ReviewComment } from '@common/schemas/panel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { panelKeys } from '@/lib/query-keys';

/** POST /api/appa/{id}/comments. */
export function addReviewComment({
  submissionId,
  comment,
}: {
  submissionId: string;
  comment: string;
}): Promise<ReviewComment> {
  return api.post(`/api/appa/${encodeURIComponent(submissionId)}/comments`, reviewCommentSchema, {
    comment,
  });
}

/** Spec 2 §8: 'Comentario agregado', or 'Error al agregar comentario'. */
export function useAddReviewComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReviewComment,
    onSuccess: () => {
      toast({ title: 'Comentario agregado' });
      // The week's rows count comments too.
      return queryClient.invalidateQueries({ queryKey: panelKeys.all });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al agregar comentario',
        description: error.message,
      }),
  });
}
