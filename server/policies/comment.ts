import type { ReviewComment } from '../../common/schemas/panel';
import type { Actor } from './actor';
import type { ReportRef } from './report';

/** Who may do what with a review comment. Writing one is a report's rule ('report:comment'). */
export type CommentAction = 'comment:edit' | 'comment:reply';

/** A comment as it is loaded, with the report it is about. */
export interface CommentRef {
  id: string;
  reviewerId: string;
  parentId: string | null;
  report: ReportRef;
}

/** What a decision about a comment needs: who wrote it, and whether the actor may still comment. */
export interface CommentFacts {
  id: string;
  reviewerId: string;
  parentId: string | null;
  /** The actor may comment on the comment's report now ('report:comment'). */
  commentsOnReport: boolean;
  /** The actor may answer comments on the report now ('report:reply'). */
  repliesOnReport: boolean;
}

export function can(actor: Actor, action: CommentAction, comment: CommentFacts): boolean {
  switch (action) {
    case 'comment:edit':
      // Only its author edits a comment, and only while they may still comment on the report: a
      // peer whose share was revoked, or a reviewer moved away, no longer changes what they wrote.
      // A reply is its author's too; the report's author answers without commenting otherwise.
      return (
        comment.reviewerId === actor.id &&
        (comment.commentsOnReport || (comment.parentId !== null && comment.repliesOnReport))
      );
    case 'comment:reply':
      // Threads are one level deep: a reply is answered in the thread of its comment.
      return comment.parentId === null && comment.repliesOnReport;
  }
}

export function commentAbilities(actor: Actor, comment: CommentFacts): ReviewComment['abilities'] {
  return { edit: can(actor, 'comment:edit', comment), reply: can(actor, 'comment:reply', comment) };
}
