import { personRefSchema, type PersonRef } from '@common/schemas/panel';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** GET /api/review-tasks/assignees: the active ADMIN and CONSEJO users, by name. */
export function getTaskAssignees(): Promise<PersonRef[]> {
  return api.get('/api/review-tasks/assignees', personRefSchema.array());
}

export const taskAssigneesQueryKey = [...queryRoots.reviews, 'assignees'] as const;

export function useTaskAssignees() {
  return useQuery({ queryKey: taskAssigneesQueryKey, queryFn: getTaskAssignees });
}
