import { z } from 'zod';
import {
  commentSchema,
  newCommentSchema,
  PANEL_MSG,
  reviewCommentSchema,
  type ReviewComment,
} from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { requireAuth } from '../../plugins/auth';

import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { loadReportRef } from '../../domain/reports';
import { badRequest } from '../../lib/errors';
import { addComment, editComment, listComments, loadCommentRef } from './service';

const reportParams = z.object({ id: z.uuid(PANEL_MSG.reportNotFound) });
const commentParams = z.object({ commentId: z.uuid(PANEL_MSG.commentNotFound) });

/** A report's review comments: reading, adding, and editing one's own. */
export function commentRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/appa/:id/comments',
    {
      schema: {
        operationId: 'listComments',
        summary: 'Leer los comentarios de un reporte',
        params: reportParams,
        response: { 200: z.array(reviewCommentSchema) },
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request): Promise<ReviewComment[]> => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const report = await loadReportRef(ctx, id);
      await authorize(ctx, user, 'review:read', report);
      return listComments(ctx, user, report);
    },
  );

  app.post(
    '/api/appa/:id/comments',
    {
      schema: {
        operationId: 'createComment',
        summary: 'Comentar un reporte',
        params: reportParams,
        body: newCommentSchema,
        response: { 201: reviewCommentSchema },
      },
      config: { tokenScope: false, announces: ['comment.created', 'comment.replied'] },
    },
    async (request, reply): Promise<ReviewComment> => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const { comment, parentId } = request.body;
      const report = await loadReportRef(ctx, id);
      const parent = parentId ? await loadCommentRef(ctx, parentId) : null;
      if (parent) {
        await authorize(ctx, user, 'comment:reply', parent);
        if (parent.report.id !== report.id) throw badRequest(PANEL_MSG.commentNotFound);
      } else {
        await authorize(ctx, user, 'report:comment', report);
      }
      const saved = await addComment(ctx, request.log, user, report, comment, parent);
      reply.code(201);
      return saved;
    },
  );

  app.put(
    '/api/appa/comments/:commentId',
    {
      schema: {
        operationId: 'updateComment',
        summary: 'Editar un comentario propio',
        params: commentParams,
        body: commentSchema,
        response: { 200: reviewCommentSchema },
      },
      config: { tokenScope: false, announces: ['comment.updated'] },
    },
    async (request): Promise<ReviewComment> => {
      const { user } = requireAuth(request);
      const { commentId } = request.params;
      const { comment } = request.body;
      const ref = await loadCommentRef(ctx, commentId);
      await authorize(ctx, user, 'comment:edit', ref);
      return editComment(ctx, request.log, user, ref.report, commentId, comment);
    },
  );
}
