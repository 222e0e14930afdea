import {
  TASK_TRANSITIONS,
  type PanelSubmission,
  type ReviewComment,
  type ReviewTask,
} from '@common/schemas/panel';

/** Spec 2 §9: the first letters of the first two words of a name, upper case ('AA' for 'ana abad'). */
export function initials(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase('es'))
    .join('');
}

/** Spec 2 §3: a comment reads 'editado' once updatedAt differs from createdAt. */
export function isEdited(comment: Pick<ReviewComment, 'createdAt' | 'updatedAt'>): boolean {
  return Date.parse(comment.updatedAt) !== Date.parse(comment.createdAt);
}

/** 'dd/mm/yyyy' of a calendar date 'YYYY-MM-DD' (no time zone involved). */
export function formatIsoDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** The review filter of 'Revisión de APPAs'. */
export const REVIEW_FILTERS = [
  { value: 'todos', label: 'Todos' },
  { value: 'sin-revisar', label: 'Sin revisar' },
  { value: 'revisados', label: 'Revisados' },
] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number]['value'];

export const isReviewFilter = (value: string | null): value is ReviewFilter =>
  REVIEW_FILTERS.some((f) => f.value === value);

type Reviewable = Pick<PanelSubmission, 'status' | 'reviewedAt'>;

/** Only a sent report can be reviewed, so the tab shows the week's ENVIADO ones. */
export function reviewableOf<T extends Reviewable>(submissions: readonly T[]): T[] {
  return submissions.filter((s) => s.status === 'ENVIADO');
}

/** The three counters, over the week's sent reports whatever the filter. */
export function reviewCounts(sent: readonly Reviewable[]) {
  const reviewed = sent.filter((s) => s.reviewedAt !== null).length;
  return { total: sent.length, unreviewed: sent.length - reviewed, reviewed };
}

export function filterByReview<T extends Reviewable>(
  sent: readonly T[],
  filter: ReviewFilter,
): T[] {
  if (filter === 'todos') return [...sent];
  const wantReviewed = filter === 'revisados';
  return sent.filter((s) => (s.reviewedAt !== null) === wantReviewed);
}

/**
 * The statuses `userId` may move the task to: none unless they are its assignee or creator (the
 * server's rule), then TASK_TRANSITIONS.
 */
export function taskMoves(
  task: Pick<ReviewTask, 'status' | 'assignedToId' | 'createdBy'>,
  userId: string,
): readonly ReviewTask['status'][] {
  const mayMove = task.assignedToId === userId || task.createdBy.id === userId;
  return mayMove ? TASK_TRANSITIONS[task.status] : [];
}
