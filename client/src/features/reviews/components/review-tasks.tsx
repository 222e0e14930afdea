import { TASK_PRIORITY_LABELS, type PersonRef, type ReviewTask } from '@common/schemas/panel';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useSubmissionTasks } from '../api/get-submission-tasks';
import { dayMonthYear } from '@common/date-format';
import { CreateTaskDialogBody } from './create-task-dialog';
import { TaskStatusSelect } from './task-status-select';

/** Tentative and due dates, when given. */
export function TaskDates({ task }: { task: Pick<ReviewTask, 'tentativeDate' | 'dueDate'> }) {
  if (!task.tentativeDate && !task.dueDate) return null;
  return (
    <p className="text-xs text-muted-foreground">
      {task.tentativeDate ? `Tentativa: ${dayMonthYear(task.tentativeDate)}` : null}
      {task.tentativeDate && task.dueDate ? ' · ' : null}
      {task.dueDate ? `Límite: ${dayMonthYear(task.dueDate)}` : null}
    </p>
  );
}

function TaskItem({ task }: { task: ReviewTask }) {
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1">
        <p className="font-medium break-words">{task.title}</p>
        {task.description ? (
          <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">
            {task.description}
          </p>
        ) : null}
        <p className="text-sm">
          Asignada a <span className="font-medium">{task.assignedTo.fullName}</span> · Prioridad{' '}
          {TASK_PRIORITY_LABELS[task.priority]}
        </p>
        <TaskDates task={task} />
      </div>
      <TaskStatusSelect task={task} />
    </li>
  );
}

/** The review tasks of a report and 'Crear Tarea', which opens 'Crear Tarea de Revisión'. */
export function ReviewTasks({
  submissionId,
  author,
  canCreate,
  startCreating = false,
}: {
  submissionId: string;
  author: PersonRef;
  /** The report's `review` ability, which creating a review task needs. */
  canCreate: boolean;
  /** Opens 'Crear Tarea de Revisión' at once (the table's 'Crear tarea' action). */
  startCreating?: boolean;
}) {
  const tasks = useSubmissionTasks(submissionId);
  const [creating, setCreating] = useState(startCreating && canCreate);
  return (
    <div className="grid gap-3">
      {tasks.isPending ? (
        <Spinner label="Cargando tareas" />
      ) : tasks.isError ? (
        <p className="text-sm text-destructive">{tasks.error.message}</p>
      ) : tasks.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Sin tareas de revisión.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Tareas de revisión">
          {tasks.data.map((t) => (
            <TaskItem key={t.id} task={t} />
          ))}
        </ul>
      )}
      {canCreate ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Crear Tarea
          </Button>
        </div>
      ) : null}
      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent>
          {creating ? (
            <CreateTaskDialogBody
              submissionId={submissionId}
              author={author}
              onCreated={() => setCreating(false)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
