import {
  auditLogQuerySchema,
  auditLogResponseSchema,
  type AuditLogResponse,
} from '../../../common/schemas/audit';
import type { AppContext } from '../../context';
import { requireAuth } from '../../plugins/auth';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { listAuditLog } from '../../services/audit';
import { keptSettings } from '../../services/settings';

export function auditRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/audit-log',
    {
      schema: {
        operationId: 'listAuditLog',
        summary: 'Leer el registro de auditoría',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<AuditLogResponse> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'audit:read');
      const { organisationTimezone } = await keptSettings(ctx);
      return listAuditLog(ctx.db, request.query, organisationTimezone);
    },
  );
}
