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

/** POST /api/appa/{id}/comments: a comment, or a reply to one. */
export function addReviewComment({
  submissionId,
  comment,
  parentId,
}: {
  submissionId: string;
  comment: string;
  /** The comment answered, for a reply. */
  parentId?: string;
}): Promise<ReviewComment> {
  return api.post(`/api/appa/${encodeURIComponent(submissionId)}/comments`, reviewCommentSchema, {
    comment,
    ...(parentId ? { parentId } : {}),
  });
}

/**
 * 'Comentario agregado', or 'Error al agregar comentario'. Besides the thread, every list of
 * reports counts comments, and the audit log records the comment.
 */
export const addReviewCommentMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: addReviewComment,
    onSuccess: (_saved, input) => {
      toast({ title: input.parentId ? 'Respuesta agregada' : 'Comentario agregado' });
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
