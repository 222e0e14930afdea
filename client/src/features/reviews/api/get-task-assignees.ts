import { personRefSchema, type PersonRef } from '@common/schemas/panel';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/**
 * GET /api/review-tasks/assignees?submissionId=: the report's author while active, then the active
 * ADMIN and CONSEJO users, by name.
 */
export function getTaskAssignees(submissionId: string): Promise<PersonRef[]> {
  return api.get(
    `/api/review-tasks/assignees?submissionId=${encodeURIComponent(submissionId)}`,
    personRefSchema.array(),
  );
}

export const taskAssigneesQueryKey = (submissionId: string) =>
  [...queryRoots.reviews, 'assignees', submissionId] as const;

export function useTaskAssignees(submissionId: string) {
  return useQuery({
    queryKey: taskAssigneesQueryKey(submissionId),
    queryFn: () => getTaskAssignees(submissionId),
  });
}
