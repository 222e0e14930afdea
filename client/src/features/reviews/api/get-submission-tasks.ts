import { reviewTaskSchema, type ReviewTask } from '@common/schemas/panel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

export const reviewTasksSchema = reviewTaskSchema.array();

/** GET /api/review-tasks/submission/{id}: the review tasks of one report. */
export function getSubmissionTasks(submissionId: string): Promise<ReviewTask[]> {
  return api.get(
    `/api/review-tasks/submission/${encodeURIComponent(submissionId)}`,
    reviewTasksSchema,
  );
}

export const submissionTasksQueryKey = (submissionId: string) =>
  [...queryRoots.reviews, 'tasks', submissionId] as const;

export const submissionTasksQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: submissionTasksQueryKey(submissionId),
    queryFn: () => getSubmissionTasks(submissionId),
    staleTime: 0,
  });

export function useSubmissionTasks(submissionId: string) {
  return useQuery(submissionTasksQueryOptions(submissionId));
}
