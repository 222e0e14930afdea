import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PANEL_MSG,
  reviewSchema,
  type ReportSummary,
  type SubmissionMessage,
} from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { authorize } from '../../policies';
import { loadReportSummary, loadReportRef } from '../week/service';
import { reviewReport } from './service';

const reportParams = z.object({ id: z.uuid(PANEL_MSG.reportNotFound) });

/** One report as its reviewers open it, and marking it reviewed. */
export function reviewRoutes(app: FastifyInstance, ctx: AppContext) {
  // One report as the panel lists it, for whoever may read it or review it (the detail dialog).
  app.get('/api/appa/:id', async (request): Promise<ReportSummary> => {
    const { user } = requireAuth(request);
    const { id } = parse(reportParams, request.params);
    await authorize(ctx, user, 'review:read', await loadReportRef(ctx, id));
    return loadReportSummary(ctx, user, id);
  });

  app.post('/api/appa/:id/review', async (request): Promise<SubmissionMessage> => {
    const { user } = requireAuth(request);
    const { id } = parse(reportParams, request.params);
    const input = parse(reviewSchema, request.body);
    const report = await loadReportRef(ctx, id);
    await authorize(ctx, user, 'report:review', report);
    return reviewReport(ctx, user, report, input);
  });
}
