import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  commentSchema,
  markSubmittedSchema,
  PANEL_MSG,
  reviewSchema,
  weekPageQuerySchema,
  weekQuerySchema,
  type PanelSubmission,
  type WeekPage,
  type ReviewComment,
  type SubmissionMessage,
  type WeekResponse,
} from '../../../common/schemas/panel';
import type { LeaderWeekResponse } from '../../../common/schemas/dashboard';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { parse } from '../../lib/errors';
import { sendCached } from '../../lib/read-cache';
import { requireAuth } from '../../plugins/auth';
import { authorizeAdmin } from '../../policies';
import {
  authorizeCommentEdit,
  authorizeListReports,
  authorizeReview,
  type WeekListScope,
} from '../../policies/review';
import { areaOf, areaPeople } from '../../policies/visibility';
import {
  listWeek,
  loadPanelSubmission,
  pageOfWeek,
  weekIndex,
  weekIndexBytes,
  loadReportRef,
  markSubmitted,
  reviewReport,
} from '../../services/panel';
import {
  addComment,
  editComment,
  listComments,
  loadCommentRef,
} from '../../services/review-comments';
import { leaderWeek } from '../../services/sharing';

const reportParams = z.object({ id: z.uuid(PANEL_MSG.reportNotFound) });
const commentParams = z.object({ commentId: z.uuid(PANEL_MSG.commentNotFound) });

/** The panel's week (Resumen Semanal), marking as sent, the review and its comments. */
export function reviewRoutes(app: FastifyInstance, ctx: AppContext) {
  /** Whose view it is: the organisation's is the same for everyone who may read it. */
  const viewerKey = (user: { id: string }, scope: WeekListScope) =>
    scope === 'organisation' ? scope : `${scope}:${user.id}`;

  /** The people of the viewer's area; undefined (everyone) for the organisation. */
  const areaAuthors = (user: UserRow) => {
    const area = areaOf(user);
    return area ? areaPeople(area) : undefined;
  };

  // The week by the caller's role: the organisation, their area, or a leader's own and shared.
  // Kept between writes (lib/read-cache.ts): the panel asks every few seconds.
  app.get('/api/appa', async (request, reply) => {
    const { user } = requireAuth(request);
    const { weekStart, view } = parse(weekQuerySchema, request.query);
    // Only the viewer's own report and what is shared with them: anyone signed in may ask.
    const scope = view === 'own' ? 'leader' : await authorizeListReports(ctx, user);
    const answer = await ctx.readCache.get(
      `week:${viewerKey(user, scope)}:${weekStart ?? 'current'}`,
      async () =>
        scope === 'leader'
          ? JSON.stringify((await leaderWeek(ctx, user, weekStart)) satisfies LeaderWeekResponse)
          : JSON.stringify(
              (await listWeek(ctx, weekStart, areaAuthors(user))) satisfies WeekResponse,
            ),
    );
    return sendCached(request, reply, answer);
  });

  // One page of the same week, filtered (Resumen Semanal, Revisión de APPAs): a leader's area is
  // the people below them.
  app.get('/api/appa/week', async (request, reply) => {
    const { user } = requireAuth(request);
    const query = parse(weekPageQuerySchema, request.query);
    const scope = await authorizeListReports(ctx, user);
    const answer = await ctx.readCache.get(
      `week-page:${viewerKey(user, scope)}:${JSON.stringify(query)}`,
      async () => {
        // The week's index is kept too: every page, filter and poll is cut from it.
        const index = await ctx.readCache.value(
          `week-index:${viewerKey(user, scope)}:${query.weekStart ?? 'current'}`,
          () => weekIndex(ctx, query.weekStart, areaAuthors(user)),
          weekIndexBytes,
        );
        return JSON.stringify((await pageOfWeek(ctx, index, query)) satisfies WeekPage);
      },
    );
    return sendCached(request, reply, answer);
  });

  // One report as the panel lists it, for whoever may read it or review it (the detail dialog).
  app.get('/api/appa/:id', async (request): Promise<PanelSubmission> => {
    const { user } = requireAuth(request);
    const { id } = parse(reportParams, request.params);
    await authorizeReview(ctx, user, 'review:read', await loadReportRef(ctx, id));
    return loadPanelSubmission(ctx, id);
  });

  app.post('/api/appa/mark-submitted', async (request): Promise<SubmissionMessage> => {
    const { user } = requireAuth(request);
    await authorizeAdmin(ctx, user, 'reports:mark-submitted');
    return markSubmitted(ctx, user, parse(markSubmittedSchema, request.body));
  });

  app.post('/api/appa/:id/review', async (request): Promise<SubmissionMessage> => {
    const { user } = requireAuth(request);
    const { id } = parse(reportParams, request.params);
    const input = parse(reviewSchema, request.body);
    const report = await loadReportRef(ctx, id);
    await authorizeReview(ctx, user, 'report:review', report);
    return reviewReport(ctx, user, report, input);
  });

  app.get('/api/appa/:id/comments', async (request): Promise<ReviewComment[]> => {
    const { user } = requireAuth(request);
    const { id } = parse(reportParams, request.params);
    await authorizeReview(ctx, user, 'review:read', await loadReportRef(ctx, id));
    return listComments(ctx, id);
  });

  app.post('/api/appa/:id/comments', async (request, reply): Promise<ReviewComment> => {
    const { user } = requireAuth(request);
    const { id } = parse(reportParams, request.params);
    const { comment } = parse(commentSchema, request.body);
    await authorizeReview(ctx, user, 'report:comment', await loadReportRef(ctx, id));
    reply.code(201);
    return addComment(ctx, user, id, comment);
  });

  app.put('/api/appa/comments/:commentId', async (request): Promise<ReviewComment> => {
    const { user } = requireAuth(request);
    const { commentId } = parse(commentParams, request.params);
    const { comment } = parse(commentSchema, request.body);
    await authorizeCommentEdit(ctx, user, await loadCommentRef(ctx, commentId));
    return editComment(ctx, user, commentId, comment);
  });
}
