import { reviewCommentSchema, type ReviewComment } from '@common/schemas/panel';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { invalidateAuditLog } from '@/lib/query-roots';
import { reviewCommentsQueryKey } from './get-review-comments';

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

/**
 * 'Comentario actualizado', or 'Error al actualizar comentario'. Only the thread shows a comment's
 * text (the lists count comments, and their number does not change); the audit log records it.
 */
export const updateReviewCommentMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateReviewComment,
    onSuccess: (saved) => {
      toast({ title: 'Comentario actualizado' });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewCommentsQueryKey(saved.submissionId) }),
        invalidateAuditLog(queryClient),
      ]);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al actualizar comentario',
        description: error.message,
      }),
  });

export function useUpdateReviewComment() {
  const queryClient = useQueryClient();
  return useMutation(updateReviewCommentMutationOptions(queryClient));
}
