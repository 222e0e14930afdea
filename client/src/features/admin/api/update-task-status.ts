import {
  reviewTaskSchema,
  TASK_STATUS_LABELS,
  type ReviewTask,
  type TaskStatusInput,
} from '@common/schemas/panel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { panelKeys } from '@/lib/query-keys';

/** PATCH /api/review-tasks/{id}/status: by its assignee or its creator; completedAt is the server's. */
export function updateTaskStatus({
  taskId,
  status,
}: { taskId: string } & TaskStatusInput): Promise<ReviewTask> {
  return api.patch(`/api/review-tasks/${encodeURIComponent(taskId)}/status`, reviewTaskSchema, {
    status,
  });
}

export function useUpdateTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaskStatus,
    onSuccess: (task) => {
      toast({ title: 'Tarea actualizada', description: TASK_STATUS_LABELS[task.status] });
      return queryClient.invalidateQueries({ queryKey: panelKeys.all });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al actualizar tarea',
        description: error.message,
      }),
  });
}
