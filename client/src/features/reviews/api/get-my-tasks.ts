import type { ReviewTask } from '@common/schemas/panel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';
import { reviewTasksSchema } from './get-submission-tasks';

/** GET /api/review-tasks/mine: the signed-in user's open tasks ('Mis tareas'). */
export function getMyTasks(): Promise<ReviewTask[]> {
  return api.get('/api/review-tasks/mine', reviewTasksSchema);
}

export const myTasksQueryKey = [...queryRoots.reviews, 'my-tasks'] as const;

export const myTasksQueryOptions = () =>
  queryOptions({
    queryKey: myTasksQueryKey,
    queryFn: getMyTasks,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useMyTasks() {
  return useQuery(myTasksQueryOptions());
}
