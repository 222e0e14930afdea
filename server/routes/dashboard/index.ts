import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DASHBOARD_MSG,
  historyQuerySchema,
  peopleQuerySchema,
  shareRequestSchema,
  trendsQuerySchema,
  type DashboardPerson,
  type HierarchyResponse,
  type Peer,
  type Share,
  type TrendsResponse,
} from '../../../common/schemas/dashboard';
import { PANEL_MSG, weekQuerySchema, type PanelSubmission } from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { sendCached } from '../../lib/read-cache';
import { requireAuth } from '../../plugins/auth';
import {
  authorizePeerList,
  authorizeShare,
  authorizeShareList,
  authorizeShareRevoke,
} from '../../policies/sharing';
import { authorizeDashboard, authorizePersonRead } from '../../policies/visibility';
import {
  areaAuthors,
  hierarchy,
  history,
  sameRolePeers,
  searchPeople,
  trends,
} from '../../services/dashboard';
import { loadReportRef } from '../../services/panel';
import { createShare, listReportShares, loadShareRef, revokeShare } from '../../services/sharing';

const reportParams = z.object({ id: z.uuid(PANEL_MSG.reportNotFound) });
const shareParams = z.object({ shareId: z.uuid(DASHBOARD_MSG.shareNotFound) });
/** A rough size of one kept author (ids, names, e-mail), for the read cache's budget. */
const PERSON_BYTES = 400;

/**
 * The role dashboards (hierarchy, trends, a person's history), the peer list and lateral sharing
 * (spec 2 §2–§3, issue 6). GET /api/appa itself, scoped by role, stays with the panel's routes.
 */
export function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  // Both kept between writes (lib/read-cache.ts), per viewer: they hold the viewer's own place.
  app.get('/api/dashboard/hierarchy', async (request, reply) => {
    const { user } = requireAuth(request);
    const area = await authorizeDashboard(ctx, user);
    const { weekStart } = parse(weekQuerySchema, request.query);
    const answer = await ctx.readCache.get(
      `hierarchy:${user.id}:${weekStart ?? 'current'}`,
      async () =>
        JSON.stringify((await hierarchy(ctx, user, area, weekStart)) satisfies HierarchyResponse),
    );
    return sendCached(request, reply, answer);
  });

  app.get('/api/dashboard/trends', async (request, reply) => {
    const { user } = requireAuth(request);
    const area = await authorizeDashboard(ctx, user);
    const input = parse(trendsQuerySchema, request.query);
    if (input.userId) await authorizePersonRead(ctx, user, input.userId);
    const answer = await ctx.readCache.get(
      `trends:${user.id}:${input.weeks}:${input.userId ?? ''}`,
      async () => JSON.stringify((await trends(ctx, user, area, input)) satisfies TrendsResponse),
    );
    return sendCached(request, reply, answer);
  });

  // The person picker searches as one types: the area's authors are kept between writes, per viewer.
  app.get('/api/dashboard/people', async (request): Promise<DashboardPerson[]> => {
    const { user } = requireAuth(request);
    const area = await authorizeDashboard(ctx, user);
    const { q } = parse(peopleQuerySchema, request.query);
    const authors = await ctx.readCache.value(
      `people:${user.id}`,
      () => areaAuthors(ctx, area),
      (list) => list.length * PERSON_BYTES,
      // Who is in the area does not change when a report does.
      'people',
    );
    return searchPeople(authors, q);
  });

  app.get('/api/appa/history', async (request): Promise<PanelSubmission[]> => {
    const { user } = requireAuth(request);
    const { userId = user.id, from, to } = parse(historyQuerySchema, request.query);
    await authorizePersonRead(ctx, user, userId);
    return history(ctx, { userId, from, to });
  });

  app.get('/api/users/same-role', async (request): Promise<Peer[]> => {
    const { user } = requireAuth(request);
    await authorizePeerList(ctx, user);
    return sameRolePeers(ctx, user);
  });

  app.post('/api/appa/:id/share', async (request, reply): Promise<Share> => {
    const { user } = requireAuth(request);
    const { id } = parse(reportParams, request.params);
    const input = parse(shareRequestSchema, request.body);
    const report = await loadReportRef(ctx, id);
    await authorizeShare(ctx, user, report);
    const share = await createShare(ctx, user, report, input);
    reply.code(201);
    return share;
  });

  app.get('/api/appa/:id/shares', async (request): Promise<Share[]> => {
    const { user } = requireAuth(request);
    const { id } = parse(reportParams, request.params);
    await authorizeShareList(ctx, user, await loadReportRef(ctx, id));
    return listReportShares(ctx, id);
  });

  app.delete('/api/appa/shares/:shareId', async (request, reply) => {
    const { user } = requireAuth(request);
    const { shareId } = parse(shareParams, request.params);
    await authorizeShareRevoke(ctx, user, await loadShareRef(ctx, shareId));
    await revokeShare(ctx, user, shareId);
    return reply.code(204).send();
  });
}
