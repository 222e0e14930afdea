import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { commentSchema, PANEL_MSG, type ReviewComment } from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { authorize } from '../../policies';
import { loadReportRef } from '../week/service';
import { addComment, editComment, listComments, loadCommentRef } from './service';

const reportParams = z.object({ id: z.uuid(PANEL_MSG.reportNotFound) });
const commentParams = z.object({ commentId: z.uuid(PANEL_MSG.commentNotFound) });

/** A report's review comments: reading, adding, and editing one's own. */
export function commentRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/appa/:id/comments', async (request): Promise<ReviewComment[]> => {
    const { user } = requireAuth(request);
    const { id } = parse(reportParams, request.params);
    await authorize(ctx, user, 'review:read', await loadReportRef(ctx, id));
    return listComments(ctx, user, id);
  });

  app.post('/api/appa/:id/comments', async (request, reply): Promise<ReviewComment> => {
    const { user } = requireAuth(request);
    const { id } = parse(reportParams, request.params);
    const { comment } = parse(commentSchema, request.body);
    await authorize(ctx, user, 'report:comment', await loadReportRef(ctx, id));
    reply.code(201);
    return addComment(ctx, user, id, comment);
  });

  app.put('/api/appa/comments/:commentId', async (request): Promise<ReviewComment> => {
    const { user } = requireAuth(request);
    const { commentId } = parse(commentParams, request.params);
    const { comment } = parse(commentSchema, request.body);
    await authorize(ctx, user, 'comment:edit', await loadCommentRef(ctx, commentId));
    return editComment(ctx, user, commentId, comment);
  });
}
