import { TASK_PRIORITY_LABELS, type ReviewTask } from '@common/schemas/panel';
import { weekFromStart, weekLabel } from '@common/week';
import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { appaQueryOptions } from '../api/get-appa';
import { useMyTasks } from '../api/get-my-tasks';
import { dayMonthYear } from '@common/date-format';
import { AppaDetailDialogBody } from './appa-detail-dialog';
import { RetryAlert } from '@/components/retry-alert';
import { TaskStatusSelect } from './task-status-select';

/** The detail dialog of a report known only by its id (GET /api/appa/{id}). */
function AppaDetailById({ id }: { id: string }) {
  const appa = useQuery(appaQueryOptions(id));
  if (appa.data) return <AppaDetailDialogBody submission={appa.data} />;
  return (
    <>
      <DialogTitle className={appa.isError ? undefined : 'sr-only'}>APPA</DialogTitle>
      {appa.isError ? (
        <RetryAlert message={appa.error.message} onRetry={() => void appa.refetch()} />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label="Cargando APPA" />
        </div>
      )}
    </>
  );
}

function MyTaskItem({ task, onView }: { task: ReviewTask; onView: () => void }) {
  return (
    <li className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <p className="font-medium break-words">{task.title}</p>
        <p className="text-sm text-muted-foreground">
          APPA de {task.submission.authorFullName} ·{' '}
          {weekLabel(weekFromStart(task.submission.weekStart))}
        </p>
        <p className="text-sm">
          Prioridad {TASK_PRIORITY_LABELS[task.priority]}
          {task.dueDate ? ` · Límite: ${dayMonthYear(task.dueDate)}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <TaskStatusSelect task={task} />
        <Button
          variant="outline"
          size="sm"
          aria-label={`Ver APPA de ${task.submission.authorFullName} (${task.title})`}
          onClick={onView}
        >
          <Eye aria-hidden="true" />
          Ver APPA
        </Button>
      </div>
    </li>
  );
}

/**
 * 'Mis tareas': the signed-in user's open review tasks, each movable by its status select and
 * with 'Ver APPA'. Shown on 'Revisión de APPAs'; the board dashboard can show it as well.
 */
export function MyTasksCard() {
  const tasks = useMyTasks();
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mis tareas</CardTitle>
        <CardDescription>Tareas de revisión abiertas que tienes asignadas.</CardDescription>
      </CardHeader>
      <CardContent>
        {tasks.isPending ? (
          <Spinner label="Cargando tareas" />
        ) : tasks.isError ? (
          <RetryAlert message={tasks.error.message} onRetry={() => void tasks.refetch()} />
        ) : tasks.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tienes tareas pendientes</p>
        ) : (
          <ul className="grid gap-2" aria-label="Mis tareas">
            {tasks.data.map((t) => (
              <MyTaskItem key={t.id} task={t} onView={() => setViewing(t.submissionId)} />
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog
        open={viewing !== null}
        onOpenChange={(open) => (open ? undefined : setViewing(null))}
      >
        <DialogContent className="sm:max-w-3xl">
          {viewing ? <AppaDetailById id={viewing} /> : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
