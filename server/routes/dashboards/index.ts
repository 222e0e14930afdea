import { z } from 'zod';
import {
  dashboardPersonSchema,
  hierarchyResponseSchema,
  peopleQuerySchema,
  trendsQuerySchema,
  trendsResponseSchema,
  type DashboardPerson,
  type HierarchyResponse,
  type TrendsResponse,
} from '../../../common/schemas/dashboard';
import { weekQuerySchema } from '../../../common/schemas/panel';
import type { AppContext } from '../../context';
import { sendCached } from '../../lib/read-cache';
import { requireAuth } from '../../plugins/auth';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { areaAuthors, hierarchy, searchPeople, trends } from './service';

/** A rough size of one kept author (ids, names, e-mail), for the read cache's budget. */
const PERSON_BYTES = 400;

/**
 * The role dashboards: the viewer's area as a hierarchy, its trends, and the person picker. The
 * area's week itself is GET /api/appa (routes/week), scoped by role.
 */
export function dashboardRoutes(app: Api, ctx: AppContext) {
  // Both kept between writes (lib/read-cache.ts), per viewer: they hold the viewer's own place.
  app.get(
    '/api/dashboard/hierarchy',
    { schema: { querystring: weekQuerySchema, response: { 200: hierarchyResponseSchema } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const area = await authorize(ctx, user, 'dashboard:read');
      const { weekStart } = request.query;
      const answer = await ctx.readCache.get(
        `hierarchy:${user.id}:${weekStart ?? 'current'}`,
        async () =>
          JSON.stringify((await hierarchy(ctx, user, area, weekStart)) satisfies HierarchyResponse),
      );
      return sendCached(request, reply, answer);
    },
  );

  app.get(
    '/api/dashboard/trends',
    { schema: { querystring: trendsQuerySchema, response: { 200: trendsResponseSchema } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const area = await authorize(ctx, user, 'dashboard:read');
      const input = request.query;
      if (input.userId) await authorize(ctx, user, 'person:read', input.userId);
      const answer = await ctx.readCache.get(
        `trends:${user.id}:${input.weeks}:${input.userId ?? ''}`,
        async () => JSON.stringify((await trends(ctx, user, area, input)) satisfies TrendsResponse),
      );
      return sendCached(request, reply, answer);
    },
  );

  // The person picker searches as one types: the area's authors are kept between writes, per viewer.
  app.get(
    '/api/dashboard/people',
    {
      schema: { querystring: peopleQuerySchema, response: { 200: z.array(dashboardPersonSchema) } },
    },
    async (request): Promise<DashboardPerson[]> => {
      const { user } = requireAuth(request);
      const area = await authorize(ctx, user, 'dashboard:read');
      const { q } = request.query;
      const authors = await ctx.readCache.value(
        `people:${user.id}`,
        () => areaAuthors(ctx, user, area),
        (list) => list.length * PERSON_BYTES,
        // Who is in the area does not change when a report does.
        'people',
      );
      return searchPeople(authors, q);
    },
  );
}
