import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DASHBOARD_MSG,
  shareRequestSchema,
  type Peer,
  type Share,
} from '../../../common/schemas/dashboard';
import { PANEL_MSG } from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { authorize } from '../../policies';
import { loadReportRef } from '../week/service';
import { createShare, listReportShares, loadShareRef, revokeShare, sameRolePeers } from './service';

const reportParams = z.object({ id: z.uuid(PANEL_MSG.reportNotFound) });
const shareParams = z.object({ shareId: z.uuid(DASHBOARD_MSG.shareNotFound) });

/** Lateral sharing between peers of the same role: whom one may share with, sharing, revoking. */
export function shareRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/users/same-role', async (request): Promise<Peer[]> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'peers:list');
    return sameRolePeers(ctx, user);
  });

  app.post('/api/appa/:id/share', async (request, reply): Promise<Share> => {
    const { user } = requireAuth(request);
    const { id } = parse(reportParams, request.params);
    const input = parse(shareRequestSchema, request.body);
    const report = await loadReportRef(ctx, id);
    await authorize(ctx, user, 'report:share', report);
    const share = await createShare(ctx, user, report, input);
    reply.code(201);
    return share;
  });

  app.get('/api/appa/:id/shares', async (request): Promise<Share[]> => {
    const { user } = requireAuth(request);
    const { id } = parse(reportParams, request.params);
    await authorize(ctx, user, 'shares:list', await loadReportRef(ctx, id));
    return listReportShares(ctx, user, id);
  });

  app.delete('/api/appa/shares/:shareId', async (request, reply) => {
    const { user } = requireAuth(request);
    const { shareId } = parse(shareParams, request.params);
    await authorize(ctx, user, 'share:revoke', await loadShareRef(ctx, shareId));
    await revokeShare(ctx, user, shareId);
    return reply.code(204).send();
  });
}
