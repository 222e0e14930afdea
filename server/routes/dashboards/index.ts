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
import { areaReach } from '../../domain/week-people';
import { hierarchy } from '../../domain/dashboard';
import { dashboardWeek } from '../../domain/week';
import { areaAuthors, searchPeople, trends, trendWeeks } from './service';

/** A rough size of one kept author (ids, names, e-mail), for the read cache's budget. */
const PERSON_BYTES = 400;

/**
 * The role dashboards: the viewer's area as a hierarchy, its trends, and the person picker. The
 * area's week itself is GET /api/appa (routes/week), scoped by role.
 */
export function dashboardRoutes(app: Api, ctx: AppContext) {
  // Both kept until a report of the viewer's area in the weeks they show is written
  // (lib/read-cache.ts), per viewer: they hold the viewer's own place.
  app.get(
    '/api/dashboard/hierarchy',
    {
      schema: {
        operationId: 'getAreaWeek',
        summary: 'Leer el área de quien llama en una semana',
        querystring: weekQuerySchema,
        response: { 200: hierarchyResponseSchema },
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const area = await authorize(ctx, user, 'dashboard:read');
      const { weekStart } = dashboardWeek(ctx, user, request.query.weekStart);
      // The viewer's own report counts in a leader's figures and shows in everyone's team.
      const shown = area.kind === 'organisation' ? area : { ...area, includeSelf: true };
      const answer = await ctx.readCache.get(
        `hierarchy:${user.id}:${weekStart}`,
        async () =>
          JSON.stringify((await hierarchy(ctx, user, area, weekStart)) satisfies HierarchyResponse),
        await areaReach(ctx, shown, [weekStart]),
        { viewer: user.id },
      );
      return sendCached(request, reply, answer);
    },
  );

  app.get(
    '/api/dashboard/trends',
    {
      schema: {
        operationId: 'getTrends',
        summary: 'Leer las tendencias de las últimas semanas',
        querystring: trendsQuerySchema,
        response: { 200: trendsResponseSchema },
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const area = await authorize(ctx, user, 'dashboard:read');
      const input = request.query;
      if (input.userId) await authorize(ctx, user, 'person:read', input.userId);
      const weeks = trendWeeks(ctx, user, input.weeks).map((w) => w.weekStart);
      const answer = await ctx.readCache.get(
        `trends:${user.id}:${weeks.at(-1)}:${input.weeks}:${input.userId ?? ''}`,
        async () => JSON.stringify((await trends(ctx, user, area, input)) satisfies TrendsResponse),
        await areaReach(ctx, area, weeks),
        { viewer: user.id },
      );
      return sendCached(request, reply, answer);
    },
  );

  // The person picker searches as one types: the area's authors are kept between writes, per viewer.
  app.get(
    '/api/dashboard/people',
    {
      schema: {
        operationId: 'listAreaPeople',
        summary: 'Listar las personas del área',
        querystring: peopleQuerySchema,
        response: { 200: z.array(dashboardPersonSchema) },
      },
      config: { tokenScope: 'reports:read' },
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
