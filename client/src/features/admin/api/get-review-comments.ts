import { reviewCommentSchema, type ReviewComment } from '@common/schemas/panel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { panelKeys } from '@/lib/query-keys';

const commentsSchema = reviewCommentSchema.array();

/** GET /api/appa/{id}/comments: the review thread, oldest first. */
export function getReviewComments(submissionId: string): Promise<ReviewComment[]> {
  return api.get(`/api/appa/${encodeURIComponent(submissionId)}/comments`, commentsSchema);
}

export const reviewCommentsQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: panelKeys.comments(submissionId),
    queryFn: () => getReviewComments(submissionId),
    staleTime: 0,
  });

export function useReviewComments(submissionId: string) {
  return useQuery(reviewCommentsQueryOptions(submissionId));
}
