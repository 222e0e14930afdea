import type { FastifyInstance } from 'fastify';
import { auditLogQuerySchema, type AuditLogResponse } from '../../../common/schemas/audit';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { authorize } from '../../policies';
import { listAuditLog } from '../../services/audit';

export function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/audit-log', async (request): Promise<AuditLogResponse> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'audit:read');
    const query = parse(auditLogQuerySchema, request.query);
    return listAuditLog(ctx.db, query);
  });
}
