import { z } from 'zod';
import {
  ABSENCE_MSG,
  absenceQuerySchema,
  absenceSchema,
  createAbsenceSchema,
  type Absence,
} from '../../../common/schemas/absences';
import type { AppContext } from '../../context';
import { requireAuth } from '../../plugins/auth';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { createAbsence, deleteAbsence, listAbsences, loadAbsenceRef } from './service';

const absenceParams = z.object({ id: z.uuid(ABSENCE_MSG.notFound) });

/**
 * Absences: read by whoever reads that person's reports (the person themself, anyone above them,
 * ADMIN and CONSEJO); recorded and removed by the person, anyone above them and ADMIN, and by the
 * person only for weeks still to end. An absence changes who is expected, as a change to people
 * does.
 */
export function absenceRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/absences',
    {
      schema: {
        operationId: 'listAbsences',
        summary: 'Listar las ausencias',
        querystring: absenceQuerySchema,
        response: { 200: z.array(absenceSchema) },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<Absence[]> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'person:read', request.query.userId);
      return listAbsences(ctx, request.query);
    },
  );

  app.post(
    '/api/absences',
    {
      schema: {
        operationId: 'createAbsence',
        summary: 'Registrar una ausencia',
        body: createAbsenceSchema,
        response: { 201: absenceSchema, ...refusals({ 404: 'La persona no existe.' }) },
      },
      config: { tokenScope: false, invalidates: 'people' },
    },
    async (request, reply): Promise<Absence> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'absence:write', request.body.userId);
      reply.code(201);
      return createAbsence(ctx, user, request.body);
    },
  );

  app.delete(
    '/api/absences/:id',
    {
      schema: {
        operationId: 'deleteAbsence',
        summary: 'Borrar una ausencia',
        params: absenceParams,
        response: { 204: z.null().describe('Borrada.') },
      },
      config: { tokenScope: false, invalidates: 'people' },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const absence = await loadAbsenceRef(ctx, request.params.id);
      await authorize(ctx, user, 'absence:write', absence.userId);
      await deleteAbsence(ctx, user, absence);
      return reply.code(204).send(null);
    },
  );
}
