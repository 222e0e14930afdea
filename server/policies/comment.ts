import type { ReviewComment } from '../../common/schemas/panel';
import type { Actor } from './actor';

/** Who may do what with a review comment. Writing one is a report's rule ('report:comment'). */
export type CommentAction = 'comment:edit';

/** What a decision about a comment needs of it. */
export interface CommentRef {
  id: string;
  reviewerId: string;
}

export function can(actor: Actor, action: CommentAction, comment: CommentRef): boolean {
  switch (action) {
    case 'comment:edit':
      // A comment is edited only by its author.
      return comment.reviewerId === actor.id;
  }
}

export function commentAbilities(actor: Actor, comment: CommentRef): ReviewComment['abilities'] {
  return { edit: can(actor, 'comment:edit', comment) };
}
