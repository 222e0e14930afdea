import { reviewTaskSchema, type CreateTask, type ReviewTask } from '@common/schemas/panel';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { invalidateAuditLog, invalidateReportViews } from '@/lib/query-roots';

/** POST /api/review-tasks: empty optional fields travel as null. */
export function createReviewTask(input: CreateTask): Promise<ReviewTask> {
  return api.post('/api/review-tasks', reviewTaskSchema, input);
}

/**
 * 'Tarea creada', or 'Error al crear tarea' with the server's reason. The report's tasks, the
 * assignee's 'Mis tareas' and every list counting open tasks change; the audit log records it.
 */
export const createReviewTaskMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: createReviewTask,
    onSuccess: () => {
      toast({ title: 'Tarea creada' });
      return Promise.all([invalidateReportViews(queryClient), invalidateAuditLog(queryClient)]);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error al crear tarea', description: error.message }),
  });

export function useCreateReviewTask() {
  const queryClient = useQueryClient();
  return useMutation(createReviewTaskMutationOptions(queryClient));
}
