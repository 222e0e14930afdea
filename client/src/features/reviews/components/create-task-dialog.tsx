import {
  createTaskSchema,
  TASK_PRIORITY_LABELS,
  type CreateTask,
  type CreateTaskInput,
  type PersonRef,
} from '@common/schemas/panel';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useCreateReviewTask } from '../api/create-review-task';
import { useTaskAssignees } from '../api/get-task-assignees';
import { DialogFormFooter } from '@/components/dialog-form-footer';

/** The priorities offered (the stored model also allows URGENTE, which the form does not). */
const PRIORITIES = ['BAJA', 'MEDIA', 'ALTA'] as const;

/**
 * Who may be given the task, as the server lists them: the report's author first while active (a
 * follow-up for them), then the active ADMIN and CONSEJO users.
 */
function useAssignees(submissionId: string, author: PersonRef) {
  const query = useTaskAssignees(submissionId);
  return {
    assignees: (query.data ?? []).map((u) =>
      u.id === author.id ? { ...u, fullName: `${u.fullName} (autor del APPA)` } : u,
    ),
    loading: query.isPending,
  };
}

/**
 * The body of 'Crear Tarea de Revisión' for one report; mounted afresh each time it opens.
 * Messages are createTaskSchema's, shared with the server; empty optional fields become null there.
 */
export function CreateTaskDialogBody({
  submissionId,
  author,
  onCreated,
}: {
  submissionId: string;
  author: PersonRef;
  onCreated: () => void;
}) {
  const createTask = useCreateReviewTask();
  const { assignees, loading } = useAssignees(submissionId, author);
  const form = useForm<CreateTaskInput, unknown, CreateTask>({
    resolver: zodResolver(createTaskSchema),
    defaultValues: {
      submissionId,
      title: '',
      description: '',
      assignedToId: '',
      priority: 'MEDIA',
      tentativeDate: '',
      dueDate: '',
    },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const onSubmit = form.handleSubmit((input) => createTask.mutate(input, { onSuccess: onCreated }));

  return (
    <>
      <DialogHeader>
        <DialogTitle>Crear Tarea de Revisión</DialogTitle>
        <DialogDescription>Sobre el APPA de {author.fullName}.</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Título" error={errors.title?.message} className="sm:col-span-2">
            <Input autoComplete="off" {...register('title')} />
          </FormField>
          <FormField
            label="Descripción (opcional)"
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            <Textarea className="min-h-24" {...register('description')} />
          </FormField>
          <FormField
            label="Asignar a"
            error={errors.assignedToId?.message}
            hint={
              loading
                ? 'Cargando usuarios...'
                : 'El autor del APPA, o Administradores y Consejo activos'
            }
            className="sm:col-span-2"
          >
            <NativeSelect {...register('assignedToId')}>
              <option value="">Selecciona un usuario</option>
              {assignees.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.fullName}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Prioridad" error={errors.priority?.message}>
            <NativeSelect {...register('priority')}>
              {PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {TASK_PRIORITY_LABELS[p]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="hidden sm:block" />
          <FormField label="Fecha tentativa (opcional)" error={errors.tentativeDate?.message}>
            <Input type="date" {...register('tentativeDate')} />
          </FormField>
          <FormField label="Fecha límite (opcional)" error={errors.dueDate?.message}>
            <Input type="date" {...register('dueDate')} />
          </FormField>
        </div>
        <DialogFormFooter
          disabled={false}
          pending={createTask.isPending}
          label="Crear Tarea"
          pendingLabel="Creando..."
        />
      </form>
    </>
  );
}
