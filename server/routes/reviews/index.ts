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
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { loadReportSummary, loadReportRef } from '../../domain/reports';
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
      config: { tokenScope: 'reports:read' },
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
      config: { tokenScope: false, announces: ['report.reviewed', 'report.review_updated'] },
    },
    async (request): Promise<SubmissionMessage> => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const report = await loadReportRef(ctx, id);
      await authorize(ctx, user, 'report:review', report);
      return reviewReport(ctx, request.log, user, report, request.body);
    },
  );
}
