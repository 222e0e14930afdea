import { reviewTaskSchema, type CreateTask, type ReviewTask } from '@common/schemas/panel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { panelKeys } from '@/lib/query-keys';

/** POST /api/review-tasks: empty optional fields travel as null (spec 2 §5). */
export function createReviewTask(input: CreateTask): Promise<ReviewTask> {
  return api.post('/api/review-tasks', reviewTaskSchema, input);
}

/** Spec 2 §8: 'Tarea creada', or 'Error al crear tarea' with the server's reason. */
export function useCreateReviewTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReviewTask,
    onSuccess: () => {
      toast({ title: 'Tarea creada' });
      return queryClient.invalidateQueries({ queryKey: panelKeys.all });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error al crear tarea', description: error.message }),
  });
}
