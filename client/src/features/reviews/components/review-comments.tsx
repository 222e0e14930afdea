import type { ReviewComment } from '@common/schemas/panel';
import { Pencil, Reply } from 'lucide-react';
import { useState, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@common/date-format';
import { useAddReviewComment } from '../api/add-review-comment';
import { useReviewComments } from '../api/get-review-comments';
import { useUpdateReviewComment } from '../api/update-review-comment';
import { commentThreads, initials, isEdited } from '../lib/review';
import { TextBoxForm } from './text-box-form';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

function CommentEditor({ comment, onDone }: { comment: ReviewComment; onDone: () => void }) {
  const update = useUpdateReviewComment();
  const [text, setText] = useState(comment.comment);
  return (
    <TextBoxForm
      label="Editar comentario"
      hideLabel
      value={text}
      onChange={setText}
      submitLabel="Guardar"
      submitDisabled={!text.trim() || update.isPending}
      onSubmit={() =>
        update.mutate({ commentId: comment.id, comment: text }, { onSuccess: onDone })
      }
      onCancel={onDone}
    />
  );
}

function ReplyBox({ comment, onDone }: { comment: ReviewComment; onDone: () => void }) {
  const add = useAddReviewComment();
  const [text, setText] = useState('');
  return (
    <TextBoxForm
      label={`Responder a ${comment.reviewer.fullName}`}
      hideLabel
      placeholder="Escribe tu respuesta..."
      value={text}
      onChange={setText}
      submitLabel="Responder"
      submitDisabled={!text.trim() || add.isPending}
      onSubmit={() =>
        add.mutate(
          { submissionId: comment.submissionId, comment: text, parentId: comment.id },
          { onSuccess: onDone },
        )
      }
      onCancel={onDone}
    />
  );
}

function CommentItem({
  comment,
  replies = [],
}: {
  comment: ReviewComment;
  /** The answers under a top-level comment. */
  replies?: readonly ReviewComment[];
}) {
  const timeZone = useOrganisationTimeZone();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
      >
        {initials(comment.reviewer.fullName)}
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex items-start gap-2">
          <p className="min-w-0 flex-1 text-sm">
            <span className="font-medium">{comment.reviewer.fullName}</span>{' '}
            <span className="text-xs whitespace-nowrap text-muted-foreground">
              {formatDateTime(comment.createdAt, timeZone)}
              {isEdited(comment) ? ' · editado' : ''}
            </span>
          </p>
          {comment.abilities.edit && !editing ? (
            <Button
              variant="ghost"
              size="sm"
              className="-mt-1 h-8 shrink-0 px-2"
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" />
              Editar
            </Button>
          ) : null}
        </div>
        {editing ? (
          <CommentEditor comment={comment} onDone={() => setEditing(false)} />
        ) : (
          <p className="text-sm break-words whitespace-pre-wrap">{comment.comment}</p>
        )}
        {replies.length > 0 ? (
          <ul
            className="mt-2 grid gap-3 border-l-2 pl-3"
            aria-label={`Respuestas a ${comment.reviewer.fullName}`}
          >
            {replies.map((r) => (
              <CommentItem key={r.id} comment={r} />
            ))}
          </ul>
        ) : null}
        {comment.abilities.reply ? (
          replying ? (
            <div className="mt-2">
              <ReplyBox comment={comment} onDone={() => setReplying(false)} />
            </div>
          ) : (
            <div>
              <Button
                variant="ghost"
                size="sm"
                className="-ml-2 h-8 px-2"
                onClick={() => setReplying(true)}
              >
                <Reply aria-hidden="true" />
                Responder
              </Button>
            </div>
          )
        ) : null}
      </div>
    </li>
  );
}

/**
 * The review threads of a report: each comment with its author's initials, 'editado' once changed,
 * an edit button on one's own (only its author may edit it), its replies under it and 'Responder'
 * where the reader may answer (the report's author too), and the box to add one.
 */
export function ReviewComments({
  submissionId,
  canComment,
  boxRef,
}: {
  submissionId: string;
  /** The report's `comment` ability: without it the comments are read only. */
  canComment: boolean;
  /** The add box, so that 'Comentarios' can take the focus there. */
  boxRef?: Ref<HTMLTextAreaElement>;
}) {
  const comments = useReviewComments(submissionId);
  const add = useAddReviewComment();
  const [text, setText] = useState('');

  return (
    <div className="grid gap-4">
      {comments.isPending ? (
        <Spinner label="Cargando comentarios" />
      ) : comments.isError ? (
        <p className="text-sm text-destructive">{comments.error.message}</p>
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Sin comentarios todavía.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Comentarios de revisión">
          {commentThreads(comments.data).map(({ comment, replies }) => (
            <CommentItem key={comment.id} comment={comment} replies={replies} />
          ))}
        </ul>
      )}
      {canComment ? (
        <TextBoxForm
          label="Nuevo comentario"
          placeholder="Escribe un comentario para el autor..."
          boxRef={boxRef}
          value={text}
          onChange={setText}
          submitLabel="Agregar comentario"
          submitDisabled={!text.trim() || add.isPending}
          onSubmit={() =>
            add.mutate({ submissionId, comment: text }, { onSuccess: () => setText('') })
          }
        />
      ) : null}
    </div>
  );
}
