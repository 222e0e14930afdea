import { reviewCommentSchema, type ReviewComment } from '@common/schemas/panel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { panelKeys } from '@/lib/query-keys';

/** PUT /api/appa/comments/{commentId}: only its author may (the server refuses anyone else). */
export function updateReviewComment({
  commentId,
  comment,
}: {
  commentId: string;
  comment: string;
}): Promise<ReviewComment> {
  return api.put(`/api/appa/comments/${encodeURIComponent(commentId)}`, reviewCommentSchema, {
    comment,
  });
}

/** Spec 2 §8: 'Comentario actualizado', or 'Error al actualizar comentario'. */
export function useUpdateReviewComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReviewComment,
    onSuccess: (saved) => {
      toast({ title: 'Comentario actualizado' });
      return queryClient.invalidateQueries({ queryKey: panelKeys.comments(saved.submissionId) });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al actualizar comentario',
        description: error.message,
      }),
  });
}
