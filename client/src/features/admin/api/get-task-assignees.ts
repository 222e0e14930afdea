import { personRefSchema, type PersonRef } from '@common/schemas/panel';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { panelKeys } from '@/lib/query-keys';

/** GET /api/review-tasks/assignees: the active ADMIN and CONSEJO users, by name. */
export function getTaskAssignees(): Promise<PersonRef[]> {
  return api.get('/api/review-tasks/assignees', personRefSchema.array());
}

export function useTaskAssignees() {
  return useQuery({ queryKey: panelKeys.assignees(), queryFn: getTaskAssignees });
}
