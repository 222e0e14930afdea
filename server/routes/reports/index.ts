import { z } from 'zod';
import {
  currentReportSchema,
  reportSchema,
  saveReportSchema,
  type CurrentReport,
  type Report,
} from '../../../common/schemas/report';
import type { AppContext } from '../../context';
import { sendCached } from '../../lib/read-cache';
import { requireAuth } from '../../plugins/auth';

import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { historyQuerySchema } from '../../../common/schemas/dashboard';
import { reportSummarySchema, type ReportSummary } from '../../../common/schemas/panel';
import { authorize } from '../../policies';
import { getCurrentReport, history, saveReport } from './service';

export function reportRoutes(app: Api, ctx: AppContext) {
  // The author's report for their current week (null when there is none yet), and the limits;
  // kept until a report of theirs is written (lib/read-cache.ts): the form asks on every visit.
  app.get(
    '/api/appa/current',
    {
      schema: {
        operationId: 'getCurrentReport',
        summary: 'Leer el reporte propio de esta semana',
        response: { 200: currentReportSchema },
      },
      config: { tokenScope: false },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const answer = await ctx.readCache.get(
        `current-report:${user.id}`,
        async () => JSON.stringify((await getCurrentReport(ctx, user)) satisfies CurrentReport),
        // What others write on the report (a review, a comment) is written about its author.
        { authors: [user.id] },
      );
      return sendCached(request, reply, answer);
    },
  );

  // Everyone writes only their own report: the author is the signed-in user, never a field.
  app.post(
    '/api/appa',
    {
      schema: {
        operationId: 'saveReport',
        summary: 'Guardar o enviar el reporte propio',
        body: saveReportSchema,
        response: {
          200: reportSchema,
          ...refusals({ 409: 'El reporte de esa semana ya fue enviado.' }),
        },
      },
      config: { tokenScope: false, announces: ['report.saved', 'report.sent'] },
    },
    async (request): Promise<Report> => {
      const { user } = requireAuth(request);
      return saveReport(ctx, request.log, user, request.body);
    },
  );

  app.get(
    '/api/appa/history',
    {
      schema: {
        operationId: 'listReportHistory',
        summary: 'Leer el historial de reportes de una persona',
        querystring: historyQuerySchema,
        response: { 200: z.array(reportSummarySchema) },
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request): Promise<ReportSummary[]> => {
      const { user } = requireAuth(request);
      const { userId = user.id, from, to } = request.query;
      await authorize(ctx, user, 'person:read', userId);
      return history(ctx, user, { userId, from, to });
    },
  );
}
