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

/**
 * The statuses the viewer may move the task to: none unless the server says they may move it, then
 * TASK_TRANSITIONS.
 */
export function taskMoves(
  task: Pick<ReviewTask, 'status' | 'abilities'>,
): readonly ReviewTask['status'][] {
  return task.abilities.updateStatus ? TASK_TRANSITIONS[task.status] : [];
}

/** A top-level comment and the replies under it, oldest first. */
export interface CommentThread<C> {
  comment: C;
  replies: C[];
}

/**
 * The comments (oldest first) as threads: each top-level comment with its replies. A reply whose
 * comment is not in the list stands on its own rather than disappearing.
 */
export function commentThreads<C extends Pick<ReviewComment, 'id' | 'parentId'>>(
  comments: readonly C[],
): CommentThread<C>[] {
  const ids = new Set(comments.map((c) => c.id));
  const threads = new Map<string, CommentThread<C>>();
  for (const c of comments) {
    if (c.parentId && ids.has(c.parentId)) continue;
    threads.set(c.id, { comment: c, replies: [] });
  }
  for (const c of comments) {
    if (c.parentId && ids.has(c.parentId)) threads.get(c.parentId)?.replies.push(c);
  }
  return [...threads.values()];
}
