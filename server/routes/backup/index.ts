import type { AppContext } from '../../context';
import { requireAuth } from '../../plugins/auth';
import { fileAnswer } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { exportBackup } from './service';
import { attachmentDisposition } from '../../adapters/storage/types';

export function backupRoutes(app: Api, ctx: AppContext) {
  // The backup archive, ADMIN only, audited: streamed, since attachments may be large.
  app.get(
    '/api/admin/backup',
    {
      schema: {
        operationId: 'exportBackup',
        summary: 'Descargar una copia de seguridad',
        response: { 200: fileAnswer('La base de datos y los archivos.', 'application/gzip') },
      },
      config: { tokenScope: false },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'backup:export');
      const backup = await exportBackup(ctx, user.id);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', attachmentDisposition(backup.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(backup.stream);
    },
  );
}
