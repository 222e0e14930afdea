import { reviewCommentSchema, type ReviewComment } from '@common/schemas/panel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

const commentsSchema = reviewCommentSchema.array();

/** GET /api/appa/{id}/comments: the review thread, oldest first. */
export function getReviewComments(submissionId: string): Promise<ReviewComment[]> {
  return api.get(`/api/appa/${encodeURIComponent(submissionId)}/comments`, commentsSchema);
}

export const reviewCommentsQueryKey = (submissionId: string) =>
  [...queryRoots.reviews, 'comments', submissionId] as const;

export const reviewCommentsQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: reviewCommentsQueryKey(submissionId),
    queryFn: () => getReviewComments(submissionId),
    staleTime: 0,
  });

export function useReviewComments(submissionId: string) {
  return useQuery(reviewCommentsQueryOptions(submissionId));
}
