import type { ReviewTask } from '../../common/schemas/panel';
import type { Actor } from './actor';

/** Who may do what with a review task. Creating one is a report's rule ('report:review'). */
export type TaskAction = 'task:update';

/** What a decision about a task needs of it. */
export interface TaskRef {
  id: string;
  assignedToId: string;
  createdById: string;
}

export function can(actor: Actor, action: TaskAction, task: TaskRef): boolean {
  switch (action) {
    case 'task:update':
      // Its status is moved by its assignee or its creator.
      return task.assignedToId === actor.id || task.createdById === actor.id;
  }
}

export function taskAbilities(actor: Actor, task: TaskRef): ReviewTask['abilities'] {
  return { updateStatus: can(actor, 'task:update', task) };
}
