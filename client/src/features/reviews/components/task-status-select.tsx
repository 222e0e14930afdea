import { TASK_STATUS_LABELS, type ReviewTask } from '@common/schemas/panel';
import { NativeSelect } from '@/components/ui/native-select';
import { useUpdateTaskStatus } from '../api/update-task-status';
import { taskMoves } from '../lib/review';

/**
 * The task's status: a select of the moves TASK_TRANSITIONS allows when the signed-in user may move
 * it (its assignee or creator), otherwise the label alone.
 */
export function TaskStatusSelect({ task }: { task: ReviewTask }) {
  const update = useUpdateTaskStatus();
  const moves = taskMoves(task);
  if (moves.length === 0) {
    return <span className="text-sm font-medium">{TASK_STATUS_LABELS[task.status]}</span>;
  }
  return (
    <NativeSelect
      aria-label={`Estado de la tarea ${task.title}`}
      className="w-full sm:w-44"
      value={task.status}
      disabled={update.isPending}
      onChange={(e) => {
        const status = e.currentTarget.value as ReviewTask['status'];
        if (status !== task.status) update.mutate({ taskId: task.id, status });
      }}
    >
      {[task.status, ...moves].map((status) => (
        <option key={status} value={status}>
          {TASK_STATUS_LABELS[status]}
        </option>
      ))}
    </NativeSelect>
  );
}
