import { z } from 'zod';
import {
  markSubmittedSchema,
  submissionMessageSchema,
  weekPageQuerySchema,
  weekPageSchema,
  weekQuerySchema,
  weekResponseSchema,
  type WeekPage,
  type SubmissionMessage,
  type WeekResponse,
} from '../../../common/schemas/panel';
import {
  leaderWeekResponseSchema,
  type LeaderWeekResponse,
} from '../../../common/schemas/dashboard';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { areaReach } from '../../domain/week-people';
import { sendCached } from '../../lib/read-cache';
import { requireAuth } from '../../plugins/auth';

import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { areaOf, type WeekListScope } from '../../policies/organisation';
import { dashboardWeek, panelWeek, weekIndex, weekIndexBytes } from '../../domain/week';
import { hasOwnReports, leaderWeek, listWeek, markSubmitted, pageOfWeek } from './service';

/** The week of reports as the panel and the dashboards list it, and marking a week as sent. */
export function weekRoutes(app: Api, ctx: AppContext) {
  /**
   * Whose view it is. The organisation's is one answer for everyone who may read it: the abilities
   * its reports carry are the same for all of them (policies/report.ts), except on reports of
   * their own, so someone who wrote reports gets an answer of their own.
   */
  const viewerKey = async (user: UserRow, scope: WeekListScope) => {
    if (scope !== 'organisation') return `${scope}:${user.id}`;
    const writes = await ctx.readCache.value(
      `writes-reports:${user.id}`,
      () => hasOwnReports(ctx, user.id),
      () => 64,
      { authors: [user.id] },
    );
    return writes ? `${scope}:${user.id}` : scope;
  };

  // The week by the caller's role: the organisation, their area, or a leader's own and shared.
  // Kept until a report of that week (of the viewer's area) is written (lib/read-cache.ts): the
  // panel asks every few seconds.
  app.get(
    '/api/appa',
    {
      schema: {
        operationId: 'getWeek',
        summary: 'Leer los reportes de una semana',
        querystring: weekQuerySchema,
        response: { 200: z.union([weekResponseSchema, leaderWeekResponseSchema]) },
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { view } = request.query;
      // Only the viewer's own report and what is shared with them: anyone signed in may ask.
      const scope = view === 'own' ? 'leader' : await authorize(ctx, user, 'reports:list');
      if (scope === 'leader') {
        // What was shared with the viewer may come from anyone: every report of the week reaches it.
        const { weekStart } = dashboardWeek(ctx, user, request.query.weekStart);
        const answer = await ctx.readCache.get(
          `week:leader:${user.id}:${weekStart}`,
          async () =>
            JSON.stringify((await leaderWeek(ctx, user, weekStart)) satisfies LeaderWeekResponse),
          { weeks: [weekStart], authors: [user.id] },
        );
        return sendCached(request, reply, answer);
      }
      const { weekStart } = await panelWeek(ctx, request.query.weekStart);
      const area = areaOf(user);
      const answer = await ctx.readCache.get(
        `week:${await viewerKey(user, scope)}:${weekStart}`,
        async () =>
          JSON.stringify((await listWeek(ctx, user, weekStart, area)) satisfies WeekResponse),
        await areaReach(ctx, area, [weekStart]),
        { viewer: user.id },
      );
      return sendCached(request, reply, answer);
    },
  );

  // One page of the same week, filtered (Resumen Semanal, Revisión de APPAs): a leader's area is
  // the people below them.
  app.get(
    '/api/appa/week',
    {
      schema: {
        operationId: 'getWeekPage',
        summary: 'Leer una página de los reportes de una semana',
        querystring: weekPageQuerySchema,
        response: { 200: weekPageSchema },
      },
      config: { tokenScope: 'reports:read' },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const query = request.query;
      const scope = await authorize(ctx, user, 'reports:list');
      const key = await viewerKey(user, scope);
      const { weekStart } = await panelWeek(ctx, query.weekStart);
      const area = areaOf(user);
      const reach = await areaReach(ctx, area, [weekStart]);
      const answer = await ctx.readCache.get(
        `week-page:${key}:${weekStart}:${JSON.stringify({ ...query, weekStart })}`,
        async () => {
          // The week's index is kept too: every page, filter and poll is cut from it.
          const index = await ctx.readCache.value(
            `week-index:${key}:${weekStart}`,
            () => weekIndex(ctx, weekStart, area),
            weekIndexBytes,
            reach,
          );
          return JSON.stringify((await pageOfWeek(ctx, user, index, query)) satisfies WeekPage);
        },
        reach,
        { viewer: user.id },
      );
      return sendCached(request, reply, answer);
    },
  );

  app.post(
    '/api/appa/mark-submitted',
    {
      schema: {
        operationId: 'markReportSubmitted',
        summary: 'Marcar como enviado el reporte de una persona',
        body: markSubmittedSchema,
        response: {
          200: submissionMessageSchema,
          ...refusals({
            404: 'La persona no existe.',
            409: 'El reporte de esa semana ya fue enviado.',
          }),
        },
      },
      config: { tokenScope: false, announces: ['report.sent'] },
    },
    async (request): Promise<SubmissionMessage> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'reports:mark-submitted');
      return markSubmitted(ctx, request.log, user, request.body);
    },
  );
}
