import { TASK_TRANSITIONS, type ReviewComment, type ReviewTask } from '@common/schemas/panel';

/** The first letters of the first two words of a name, upper case ('AA' for 'ana abad'). */
export function initials(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase('es'))
    .join('');
}

/** A comment reads 'editado' once updatedAt differs from createdAt. */
export function isEdited(comment: Pick<ReviewComment, 'createdAt' | 'updatedAt'>): boolean {
  return Date.parse(comment.updatedAt) !== Date.parse(comment.createdAt);
}

/** 'dd/mm/yyyy' of a calendar date 'YYYY-MM-DD' (no time zone involved). */
export function formatIsoDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/**
 * The statuses the viewer may move the task to: none unless the server says they may move it, then
 * TASK_TRANSITIONS.
 */
export function taskMoves(
  task: Pick<ReviewTask, 'status' | 'abilities'>,
): readonly ReviewTask['status'][] {
  return task.abilities.updateStatus ? TASK_TRANSITIONS[task.status] : [];
}
