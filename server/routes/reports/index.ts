import type { FastifyInstance } from 'fastify';
import { saveReportSchema, type CurrentReport, type Report } from '../../../common/schemas/report';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { sendCached } from '../../lib/read-cache';
import { requireAuth } from '../../plugins/auth';
import { historyQuerySchema } from '../../../common/schemas/dashboard';
import type { ReportSummary } from '../../../common/schemas/panel';
import { authorize } from '../../policies';
import { getCurrentReport, history, saveReport } from './service';

export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  // The author's report for their current week (null when there is none yet), and the limits;
  // kept between writes (lib/read-cache.ts): the form asks for it on every visit.
  app.get('/api/appa/current', async (request, reply) => {
    const { user } = requireAuth(request);
    const answer = await ctx.readCache.get(`current-report:${user.id}`, async () =>
      JSON.stringify((await getCurrentReport(ctx, user)) satisfies CurrentReport),
    );
    return sendCached(request, reply, answer);
  });

  // Everyone writes only their own report: the author is the signed-in user, never a field.
  app.post('/api/appa', async (request): Promise<Report> => {
    const { user } = requireAuth(request);
    const input = parse(saveReportSchema, request.body);
    return saveReport(ctx, user, input);
  });

  app.get('/api/appa/history', async (request): Promise<ReportSummary[]> => {
    const { user } = requireAuth(request);
    const { userId = user.id, from, to } = parse(historyQuerySchema, request.query);
    await authorize(ctx, user, 'person:read', userId);
    return history(ctx, user, { userId, from, to });
  });
}
