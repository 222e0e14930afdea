import {
  reviewTaskSchema,
  TASK_STATUS_LABELS,
  type ReviewTask,
  type TaskStatusInput,
} from '@common/schemas/panel';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { invalidateAuditLog, invalidateReportViews } from '@/lib/query-roots';

/** PATCH /api/review-tasks/{id}/status: by its assignee or its creator; completedAt is the server's. */
export function updateTaskStatus({
  taskId,
  status,
}: { taskId: string } & TaskStatusInput): Promise<ReviewTask> {
  return api.patch(`/api/review-tasks/${encodeURIComponent(taskId)}/status`, reviewTaskSchema, {
    status,
  });
}

/**
 * 'Tarea actualizada' with the new status. A finished task leaves 'Mis tareas' and the open-task
 * count of every list showing its report; the audit log records the move.
 */
export const updateTaskStatusMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateTaskStatus,
    onSuccess: (task) => {
      toast({ title: 'Tarea actualizada', description: TASK_STATUS_LABELS[task.status] });
      return Promise.all([invalidateReportViews(queryClient), invalidateAuditLog(queryClient)]);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al actualizar tarea',
        description: error.message,
      }),
  });

export function useUpdateTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation(updateTaskStatusMutationOptions(queryClient));
}
