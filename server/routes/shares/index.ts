import { z } from 'zod';
import {
  DASHBOARD_MSG,
  peerSchema,
  shareRequestSchema,
  shareSchema,
  type Peer,
  type Share,
} from '../../../common/schemas/dashboard';
import { PANEL_MSG } from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { requireAuth } from '../../plugins/auth';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { loadReportRef } from '../../domain/reports';
import { createShare, listReportShares, loadShareRef, revokeShare, sameRolePeers } from './service';

const reportParams = z.object({ id: z.uuid(PANEL_MSG.reportNotFound) });
const shareParams = z.object({ shareId: z.uuid(DASHBOARD_MSG.shareNotFound) });

/** Lateral sharing between peers of the same role: whom one may share with, sharing, revoking. */
export function shareRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/users/same-role',
    {
      schema: {
        operationId: 'listSharePeers',
        summary: 'Listar con quién se puede compartir un reporte',
        response: { 200: z.array(peerSchema) },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<Peer[]> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'peers:list');
      return sameRolePeers(ctx, user);
    },
  );

  app.post(
    '/api/appa/:id/share',
    {
      schema: {
        operationId: 'shareReport',
        summary: 'Compartir un reporte',
        params: reportParams,
        body: shareRequestSchema,
        response: {
          201: shareSchema,
          ...refusals({ 409: 'El reporte no está enviado, o ya se compartió con esa persona.' }),
        },
      },
      config: { tokenScope: false, announces: ['share.created'] },
    },
    async (request, reply): Promise<Share> => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const report = await loadReportRef(ctx, id);
      await authorize(ctx, user, 'report:share', report);
      const share = await createShare(ctx, request.log, user, report, request.body);
      reply.code(201);
      return share;
    },
  );

  app.get(
    '/api/appa/:id/shares',
    {
      schema: {
        operationId: 'listShares',
        summary: 'Listar con quién se compartió un reporte',
        params: reportParams,
        response: { 200: z.array(shareSchema) },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<Share[]> => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      await authorize(ctx, user, 'shares:list', await loadReportRef(ctx, id));
      return listReportShares(ctx, user, id);
    },
  );

  app.delete(
    '/api/appa/shares/:shareId',
    {
      schema: {
        operationId: 'deleteShare',
        summary: 'Dejar de compartir un reporte',
        params: shareParams,
        response: { 204: z.null().describe('Ya no se comparte.') },
      },
      config: { tokenScope: false, announces: ['share.revoked'] },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { shareId } = request.params;
      const share = await loadShareRef(ctx, shareId);
      await authorize(ctx, user, 'share:revoke', share);
      await revokeShare(ctx, request.log, user, share);
      return reply.code(204).send(null);
    },
  );
}
