import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PANEL_MSG, weekCsvQuerySchema } from '../../../common/schemas/panel';
import {
  monthlyReportQuerySchema,
  rangeReportQuerySchema,
  weeklyReportQuerySchema,
  zipExportQuerySchema,
  type ReportFormat,
} from '../../../common/schemas/reports';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { sendCached } from '../../lib/read-cache';
import { requireAuth } from '../../plugins/auth';
import { fileAnswer, refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import {
  loadReportBundles,
  organisationTimezone,
  reportFileName,
  reportText,
  zipFileName,
  zipReports,
} from './service';
import {
  customReport,
  kpiReport,
  monthlyReport,
  problemsHelpReport,
  userActivityReport,
  weeklyReport,
  type GeneratedReport,
} from './org-reports';
import { attachmentDisposition } from '../../adapters/storage/types';
import { panelWeek } from '../../domain/week';
import { weekCsv, weekCsvFileName } from './week-csv';

const reportParams = z.object({ id: z.uuid(PANEL_MSG.reportNotFound) });

const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** The organisation's reports, as CSV or text (the `format` parameter). */
const REPORT_FILE = {
  200: fileAnswer('El informe, en CSV o en texto.', 'text/csv', 'text/plain'),
};

/** Every export leaves as a download the browser never renders. */
function downloadHeaders(fileName: string, contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-disposition': attachmentDisposition(fileName),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
}

function asAttachment(reply: FastifyReply, fileName: string, contentType: string) {
  return reply.headers(downloadHeaders(fileName, contentType));
}

/**
 * Downloads of reports: one as text, several as a zip with their files (whoever may read them),
 * and the organisation's reports of the Reportes tab (ADMIN and CONSEJO), generated from the
 * database as CSV or text.
 */
export function exportRoutes(app: Api, ctx: AppContext) {
  // Files: their input is declared, their bytes are sent as they are.
  app.get(
    '/api/appa/:id/download',
    {
      schema: {
        operationId: 'downloadReport',
        summary: 'Descargar un reporte como texto',
        params: reportParams,
        response: { 200: fileAnswer('El reporte en texto.', 'text/plain') },
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const [bundle] = await loadReportBundles(ctx, [id], user.id);
      if (!bundle) throw notFound(PANEL_MSG.reportNotFound);
      await authorize(ctx, user, 'report:download', [bundle.report]);
      const text = reportText(bundle, await organisationTimezone(ctx));
      return asAttachment(reply, reportFileName(bundle.report), CONTENT_TYPES.txt).send(text);
    },
  );

  app.get(
    '/api/appa/export/zip',
    {
      schema: {
        operationId: 'exportReportsZip',
        summary: 'Descargar reportes y sus archivos en un zip',
        querystring: zipExportQuerySchema,
        response: {
          200: fileAnswer('Los reportes y sus archivos.', 'application/zip'),
          ...refusals({ 404: 'Alguno de los reportes no existe.' }),
        },
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { ids } = request.query;
      const bundles = await loadReportBundles(ctx, ids, user.id);
      if (bundles.length !== ids.length) throw notFound(PANEL_MSG.reportNotFound);
      await authorize(
        ctx,
        user,
        'report:download',
        bundles.map((b) => b.report),
      );
      const stream = zipReports(ctx, bundles, await organisationTimezone(ctx));
      return asAttachment(reply, zipFileName(bundles), 'application/zip').send(stream);
    },
  );

  /**
   * The organisation's reports are the same for everyone who may download them: kept between
   * writes (lib/read-cache.ts) under the report's kind and its checked parameters.
   */
  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: string,
    query: object,
    generate: () => Promise<GeneratedReport>,
  ) => {
    const answer = await ctx.readCache.get(`report:${kind}:${JSON.stringify(query)}`, async () => {
      const report = await generate();
      return {
        body: report.body,
        headers: downloadHeaders(report.fileName, CONTENT_TYPES[report.format]),
      };
    });
    return sendCached(request, reply, answer);
  };

  // The weekly CSV of the caller's people: everyone (ADMIN, CONSEJO) or those below them.
  app.get(
    '/api/appa/week/csv',
    {
      schema: {
        operationId: 'exportWeekCsv',
        summary: 'Descargar los reportes de una semana en CSV',
        querystring: weekCsvQuerySchema,
        response: { 200: fileAnswer('Una fila por reporte esperado.', 'text/csv') },
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const area = await authorize(ctx, user, 'dashboard:read');
      const { weekStart } = await panelWeek(ctx, request.query.weekStart);
      const { team } = request.query;
      const body = await weekCsv(ctx, { weekStart, area, team });
      return asAttachment(reply, weekCsvFileName(weekStart, team), CONTENT_TYPES.csv).send(body);
    },
  );

  app.get(
    '/api/reports/weekly',
    {
      schema: {
        operationId: 'getWeeklyReport',
        summary: 'Descargar el informe semanal',
        querystring: weeklyReportQuerySchema,
        response: REPORT_FILE,
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'reports:export');
      const query = request.query;
      return send(request, reply, 'weekly', query, () => weeklyReport(ctx, query));
    },
  );

  app.get(
    '/api/reports/monthly',
    {
      schema: {
        operationId: 'getMonthlyReport',
        summary: 'Descargar el informe mensual',
        querystring: monthlyReportQuerySchema,
        response: REPORT_FILE,
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'reports:export');
      const query = request.query;
      return send(request, reply, 'monthly', query, () => monthlyReport(ctx, query));
    },
  );

  const ranged = {
    'user-activity': {
      generate: userActivityReport,
      operationId: 'getUserActivityReport',
      summary: 'Descargar el informe de actividad por usuario',
    },
    'problems-help': {
      generate: problemsHelpReport,
      operationId: 'getProblemsHelpReport',
      summary: 'Descargar el informe de problemas y ayuda',
    },
    kpi: {
      generate: kpiReport,
      operationId: 'getKpiReport',
      summary: 'Descargar el informe de KPI',
    },
    custom: {
      generate: customReport,
      operationId: 'getCustomReport',
      summary: 'Descargar el informe de un rango de fechas',
    },
  } as const;
  for (const [kind, { generate, operationId, summary }] of Object.entries(ranged)) {
    app.get(
      `/api/reports/${kind}`,
      {
        schema: {
          operationId,
          summary,
          querystring: rangeReportQuerySchema,
          response: REPORT_FILE,
        },
        config: { tokenScope: 'reports:read' },
      },
      async (request, reply) => {
        const { user } = requireAuth(request);
        await authorize(ctx, user, 'reports:export');
        const query = request.query;
        return send(request, reply, kind, query, () => generate(ctx, query));
      },
    );
  }
}
