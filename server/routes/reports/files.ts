import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { REPORT_MSG, reportFileSchema, type ReportFile } from '../../../common/schemas/report';
import type { AppContext } from '../../context';
import { appaFiles } from '../../db/schema';
import { loadReportRef, loadWithReport } from '../../domain/reports';
import { notFound } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { fileAnswer } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { presentFile } from '../../presenters/report';
import { boundObjectKey, DOWNLOAD_URL_SECONDS } from '../../domain/uploads';
import { attachmentDisposition } from '../../adapters/storage/types';

const submissionParams = z.object({ id: z.uuid(REPORT_MSG.reportNotFound) });
const fileParams = z.object({ fileId: z.uuid(REPORT_MSG.fileGone) });

export function reportFileRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/files/submission/:id',
    {
      schema: {
        operationId: 'listReportFiles',
        summary: 'Listar los archivos de un reporte',
        params: submissionParams,
        response: { 200: z.array(reportFileSchema) },
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request): Promise<ReportFile[]> => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const report = await loadReportRef(ctx, id);
      await authorize(ctx, user, 'report:read', report);
      const files = await ctx.db
        .select()
        .from(appaFiles)
        .where(eq(appaFiles.submissionId, id))
        .orderBy(asc(appaFiles.createdAt), asc(appaFiles.fileName));
      return files.map(presentFile);
    },
  );

  // Files follow the visibility of their report; always served as a download, never rendered,
  // and only from the object the file was bound to when its report linked it.
  app.get(
    '/api/files/download/:fileId',
    {
      schema: {
        operationId: 'downloadReportFile',
        summary: 'Descargar un archivo de un reporte',
        params: fileParams,
        response: {
          200: fileAnswer('Los bytes del archivo.', 'application/octet-stream'),
          302: z.null().describe('Con S3: redirección (Location) a una dirección firmada y breve.'),
        },
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { fileId } = request.params;
      const row = await loadWithReport(
        ctx,
        appaFiles,
        { file: appaFiles },
        fileId,
        REPORT_MSG.fileGone,
      );
      await authorize(ctx, user, 'report:read', row.report);
      const { file } = row;
      const download = await ctx.storage.download(
        boundObjectKey(file),
        file.fileName,
        DOWNLOAD_URL_SECONDS,
      );
      if (!download) throw notFound(REPORT_MSG.fileGone);
      // Bound bytes are never rewritten; an object of another size is not the one bound.
      if (download.kind === 'stream' && file.sha256 && download.sizeBytes !== file.sizeBytes) {
        download.stream.destroy();
        throw notFound(REPORT_MSG.fileGone);
      }
      reply.header('cache-control', 'private, no-store');
      if (download.kind === 'redirect') return reply.redirect(download.url, 302);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('content-length', String(download.sizeBytes))
        .header('x-content-type-options', 'nosniff')
        .send(download.stream);
    },
  );
}
