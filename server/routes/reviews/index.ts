import { z } from 'zod';
import {
  PANEL_MSG,
  reportSummarySchema,
  reviewSchema,
  submissionMessageSchema,
  type ReportSummary,
  type SubmissionMessage,
} from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { requireAuth } from '../../plugins/auth';

import { refusals } from '../../plugins/openapi';
import { aboutReport, type Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { loadReportSummary, loadReportRef } from '../week/service';
import { notify } from '../../services/notifications';
import { reviewReport } from './service';

const reportParams = z.object({ id: z.uuid(PANEL_MSG.reportNotFound) });

/** One report as its reviewers open it, and marking it reviewed. */
export function reviewRoutes(app: Api, ctx: AppContext) {
  // One report as the panel lists it, for whoever may read it or review it (the detail dialog).
  app.get(
    '/api/appa/:id',
    {
      schema: {
        operationId: 'getReport',
        summary: 'Leer un reporte',
        params: reportParams,
        response: { 200: reportSummarySchema },
      },
    },
    async (request): Promise<ReportSummary> => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      await authorize(ctx, user, 'review:read', await loadReportRef(ctx, id));
      return loadReportSummary(ctx, user, id);
    },
  );

  app.post(
    '/api/appa/:id/review',
    {
      schema: {
        operationId: 'reviewReport',
        summary: 'Revisar un reporte',
        params: reportParams,
        body: reviewSchema,
        response: {
          200: submissionMessageSchema,
          ...refusals({ 409: 'El reporte ya fue revisado.' }),
        },
      },
      config: { invalidates: { reports: 'author-week' }, live: 'report.reviewed' },
    },
    async (request): Promise<SubmissionMessage> => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const report = await loadReportRef(ctx, id);
      await authorize(ctx, user, 'report:review', report);
      aboutReport(request, report);
      const answer = await reviewReport(ctx, user, report, request.body);
      // Its author hears of the first review; updated notes are not news to them.
      if (report.reviewedAt === null) {
        await notify(ctx, request.log, {
          kind: 'review',
          actor: user,
          report,
          to: [report.userId],
        });
      }
      return answer;
    },
  );
}
