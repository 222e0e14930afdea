import { reviewCommentSchema, type ReviewComment } from '@common/schemas/panel';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { invalidateAuditLog, invalidateReportViews } from '@/lib/query-roots';

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

/**
 * 'Comentario agregado', or 'Error al agregar comentario'. Besides the thread, every list of
 * reports counts comments, and the audit log records the comment.
 */
export const addReviewCommentMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: addReviewComment,
    onSuccess: () => {
      toast({ title: 'Comentario agregado' });
      return Promise.all([invalidateReportViews(queryClient), invalidateAuditLog(queryClient)]);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al agregar comentario',
        description: error.message,
      }),
  });

export function useAddReviewComment() {
  const queryClient = useQueryClient();
  return useMutation(addReviewCommentMutationOptions(queryClient));
}
