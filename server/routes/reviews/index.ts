import { z } from 'zod';
import {
  PANEL_MSG,
  panelSubmissionSchema,
  reviewSchema,
  submissionMessageSchema,
  type PanelSubmission,
  type SubmissionMessage,
} from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { requireAuth } from '../../plugins/auth';
import type { Api } from '../../plugins/route-facts';
import { authorizeReview } from '../../policies/review';
import { loadPanelSubmission, loadReportRef } from '../week/service';
import { reviewReport } from './service';

const reportParams = z.object({ id: z.uuid(PANEL_MSG.reportNotFound) });

/** One report as its reviewers open it, and marking it reviewed. */
export function reviewRoutes(app: Api, ctx: AppContext) {
  // One report as the panel lists it, for whoever may read it or review it (the detail dialog).
  app.get(
    '/api/appa/:id',
    {
      schema: { params: reportParams, response: { 200: panelSubmissionSchema } },
    },
    async (request): Promise<PanelSubmission> => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      await authorizeReview(ctx, user, 'review:read', await loadReportRef(ctx, id));
      return loadPanelSubmission(ctx, id);
    },
  );

  app.post(
    '/api/appa/:id/review',
    {
      schema: {
        params: reportParams,
        body: reviewSchema,
        response: { 200: submissionMessageSchema },
      },
      config: { invalidates: { reports: 'author-week' }, live: 'report.reviewed' },
    },
    async (request): Promise<SubmissionMessage> => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const input = request.body;
      const report = await loadReportRef(ctx, id);
      await authorizeReview(ctx, user, 'report:review', report);
      return reviewReport(ctx, user, report, input);
    },
  );
}
